// The user aggregate's events: humans and machines added, changed and removed, machine keys and
// personal access tokens added. Type names and payloads are what existing data dirs hold; the
// password hash, the machine secret digest and the token are sealed (store/sealed.ts).

import { eventType } from "../../store/event-type.js";

/** A sealed value as it sits in a payload (store/sealed.ts). */
type Sealed = unknown;

export interface HumanAddedPayload {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  metadata?: Record<string, string>;
  nickName?: string;
  displayName?: string;
  preferredLanguage?: string;
  gender?: string;
  phone?: string;
  phoneVerified?: boolean;
  passwordHash?: Sealed;
}

export interface MachineAddedPayload {
  username: string;
  name: string;
  description: string;
  accessTokenType: "opaque" | "jwt";
  secretHash?: Sealed;
}

/** The fields that changed (a new password hash and secret digest sealed); metadata is the whole new map. */
export type UserChangedPayload = Record<string, unknown> & { username?: string; passwordHash?: Sealed; secretHash?: Sealed; metadata?: Record<string, string> };

export const UserHumanAdded = eventType<HumanAddedPayload>("user", "user.human.added");
export const UserHumanChanged = eventType<UserChangedPayload>("user", "user.human.changed");
export const UserMachineAdded = eventType<MachineAddedPayload>("user", "user.machine.added");
export const UserMachineChanged = eventType<UserChangedPayload>("user", "user.machine.changed");
export const UserRemoved = eventType<{ username: string }>("user", "user.removed");
export const UserMachineKeyAdded = eventType<{ keyId: string; publicJwk: object; expiresAt?: string }>("user", "user.machine.key.added");
export const UserPatAdded = eventType<{ tokenId: string; token: Sealed; expiresAt?: string }>("user", "user.personal.access.token.added");

/** The changed event of a user of the given type. */
export const userChanged = (type: "human" | "machine") => (type === "human" ? UserHumanChanged : UserMachineChanged);

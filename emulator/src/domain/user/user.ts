// Users: humans (profile, email, password hashed with bcrypt) and machines (service accounts that
// call the API with personal access tokens). The model and its row mapping; events in events.ts,
// changes in commands.ts, reads in queries.ts, tables in projection.ts.

export interface HumanInput {
  username: string;
  firstName: string;
  lastName: string;
  nickName?: string;
  displayName?: string;
  preferredLanguage?: string;
  gender?: string;
  phone?: string;
  phoneVerified?: boolean;
  email: string;
  emailVerified?: boolean;
  /** Plain text, hashed with bcrypt before it is stored. */
  password?: string;
  /** An already encoded bcrypt hash ($2a$/$2b$/$2y$). */
  passwordHash?: string;
  /** Metadata: key -> value; asserted as urn:svc:iam:user:metadata. */
  metadata?: Record<string, string>;
}

export interface MachineInput {
  username: string;
  name: string;
  description?: string;
  /** For the client_credentials grant; stored as a digest. */
  clientSecret?: string;
  accessTokenType?: "opaque" | "jwt";
}

export interface User {
  changedAt: string;
  sequence: number;
  id: string;
  instanceId: string;
  orgId: string;
  type: "human" | "machine";
  username: string;
  data: Record<string, unknown>;
}

export interface UserRow {
  id: string;
  instance_id: string;
  org_id: string;
  type: "human" | "machine";
  username: string;
  data: string;
  changed_at: string;
  sequence: number;
}

export const userFromRow = (r: UserRow): User => ({
  id: r.id,
  instanceId: r.instance_id,
  orgId: r.org_id,
  type: r.type,
  username: r.username,
  data: JSON.parse(r.data) as Record<string, unknown>,
  changedAt: r.changed_at,
  sequence: r.sequence,
});

/** A user's state: active unless locked or deactivated (kept in the user's data as `state`). */
export type UserState = "active" | "locked" | "inactive";
export type UserStateChange = "lock" | "unlock" | "deactivate" | "reactivate";

/** Which states each change starts from and the state it leads to. */
export const STATE_CHANGES: Record<UserStateChange, { from: UserState[]; to: UserState }> = {
  lock: { from: ["active"], to: "locked" },
  unlock: { from: ["locked"], to: "active" },
  deactivate: { from: ["active", "locked"], to: "inactive" },
  reactivate: { from: ["inactive"], to: "active" },
};

export const userState = (u: User): UserState => (u.data.state as UserState | undefined) ?? "active";

/** Only an active user signs in, gets tokens or calls the API with its tokens. */
export const canSignIn = (u: User): boolean => userState(u) === "active";

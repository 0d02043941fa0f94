// User commands of SvcUsers: create humans and machines in an org (user names unique in the
// instance), change them, remove them, and give machines tokens, keys and a secret.

import bcrypt from "bcryptjs";
import type { Actor, Core } from "../core.js";
import { alreadyExists, failedPrecondition, notFound } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event-store.js";
import { seal } from "../../store/sealed.js";
import { generateSecret, sealedSecretHash } from "../app/app.js";
import { publicJwkOf } from "../app/commands.js";
import { generateKey, keyFile } from "../authn-key.js";
import { getOrg } from "../org/org.js";
import { addPersonalAccessToken } from "./personal-access-token.js";
import { addHumanUser, addMachineKey, addMachineUser, getUser, getUserByUsername, type HumanInput, type MachineInput, type User } from "./user.js";

const userNotFound = () => notFound("USER-not-found", "User could not be found");

export function foundUser(core: Core, actor: Actor, id: string, type?: User["type"]): User {
  const user = getUser(core.db, id);
  if (!user || user.instanceId !== actor.instanceId || (type && user.type !== type)) throw userNotFound();
  return user;
}

function checkUsername(core: Core, actor: Actor, username: string, except?: string): void {
  const other = getUserByUsername(core.db, actor.instanceId, username);
  if (other && other.id !== except) throw alreadyExists("USER-username-taken", `The user name ${JSON.stringify(username)} is taken`);
}

function checkOrg(core: Core, actor: Actor, orgId: string): void {
  if (!getOrg(core.db, actor.instanceId, orgId)) throw notFound("ORG-not-found", "Organization not found");
}

export function createHuman(core: Core, actor: Actor, orgId: string, input: HumanInput): User {
  checkOrg(core, actor, orgId);
  checkUsername(core, actor, input.username);
  return getUser(core.db, addHumanUser(core, actor.instanceId, orgId, input, actor.userId))!;
}

export function createMachine(core: Core, actor: Actor, orgId: string, input: MachineInput): User {
  checkOrg(core, actor, orgId);
  checkUsername(core, actor, input.username);
  return getUser(core.db, addMachineUser(core, actor.instanceId, orgId, input, actor.userId))!;
}

/** Applies the fields that differ; a changed password is hashed. Returns the event, or undefined for no change. */
export function changeUser(core: Core, actor: Actor, id: string, type: User["type"], patch: Record<string, unknown>): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const user = foundUser(core, actor, id, type);
    const current: Record<string, unknown> = { ...user.data, username: user.username };
    const diff = Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && k !== "password" && v !== current[k]));
    if (typeof diff.username === "string") checkUsername(core, actor, diff.username, id);
    if (typeof patch.password === "string") diff.passwordHash = seal(core.db, bcrypt.hashSync(patch.password, 10));
    if (Object.keys(diff).length === 0) return [];
    return [{ instanceId: actor.instanceId, aggregateType: "user", aggregateId: id, type: `user.${type}.changed`, payload: diff, creator: actor.userId, resourceOwner: user.orgId }];
  });
  return changed;
}

export function removeUser(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => {
    const user = foundUser(core, actor, id);
    if (user.id === actor.userId) throw failedPrecondition("USER-remove-self", "A user cannot delete itself");
    return [{ instanceId: actor.instanceId, aggregateType: "user", aggregateId: id, type: "user.removed", payload: { username: user.username }, creator: actor.userId, resourceOwner: user.orgId }];
  });
  return removed!;
}

export function addToken(core: Core, actor: Actor, userId: string, expiresAt: string | undefined): { token: string; tokenId: string; user: User } {
  const user = foundUser(core, actor, userId, "machine");
  if (expiresAt && Date.parse(expiresAt) <= core.clock.nowMs()) throw failedPrecondition("USER-pat-expired", "The expiration date is in the past");
  const { token, tokenId } = addPersonalAccessToken(core, actor.instanceId, user.orgId, user.id, { expiresAt }, actor.userId);
  return { token, tokenId, user: getUser(core.db, userId)! };
}

/** Adds a key given as a public key, or generates the pair and returns its key file once. */
export function addKey(core: Core, actor: Actor, userId: string, publicKey: string | undefined): { keyId: string; keyDetails?: Uint8Array } {
  const user = foundUser(core, actor, userId, "machine");
  if (publicKey) return { keyId: addMachineKey(core, user, publicJwkOf(publicKey), actor.userId) };
  const generated = generateKey();
  const keyId = addMachineKey(core, user, generated.publicJwk, actor.userId);
  return { keyId, keyDetails: keyFile({ type: "serviceaccount", keyId, key: generated.privatePem, userId: user.id }) };
}

export function generateMachineSecret(core: Core, actor: Actor, id: string): { secret: string; event: StoredEvent } {
  const secret = generateSecret();
  const event = changeUser(core, actor, id, "machine", { secretHash: sealedSecretHash(core.db, secret) })!;
  return { secret, event };
}

/**
 * Sets one metadata entry of a user (Actions' set_user_metadata). The event carries the user's whole
 * new metadata map, as the changed events always have; it is appended even when the value is the same.
 */
export function setUserMetadata(core: Core, actor: Actor, userId: string, key: string, value: string): StoredEvent {
  const [changed] = core.events.command(() => {
    const user = foundUser(core, actor, userId);
    const metadata = { ...((user.data as { metadata?: Record<string, string> }).metadata ?? {}), [key]: value };
    return [{ instanceId: actor.instanceId, aggregateType: "user", aggregateId: user.id, type: `user.${user.type}.changed`, payload: { metadata }, creator: actor.userId, resourceOwner: user.orgId, origin: actor.origin }];
  });
  return changed!;
}

// User commands of SvcUsers, the seed and the login pages' registration: create humans and machines
// in an org (user names unique in the instance), change them, remove them, set metadata, and give
// machines tokens, keys and a secret. Each takes an optional given id (the seed and the import keep
// theirs); the actor's origin is stored with the events.

import bcrypt from "bcryptjs";
import type { Actor, Core, GivenId } from "../core.js";
import { alreadyExists, failedPrecondition, notFound } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event-store.js";
import { seal } from "../../store/sealed.js";
import { generateSecret, sealedSecretHash } from "../app/app.js";
import { publicJwkOf } from "../app/commands.js";
import { generateKey, keyFile } from "../authn-key.js";
import { getOrg } from "../org/queries.js";
import { UserHumanAdded, UserMachineAdded, UserMachineKeyAdded, UserPatAdded, UserRemoved, userChanged } from "./events.js";
import { getUser, getUserByUsername } from "./queries.js";
import { STATE_CHANGES, type HumanInput, type MachineInput, type User, type UserStateChange, userState } from "./user.js";
import { secretText } from "../../kernel/secret-text.js";

const BCRYPT_COST = 10;

const userNotFound = () => notFound("USER-not-found", "User could not be found");

export function foundUser(core: Core, actor: Actor, id: string, type?: User["type"]): User {
  const user = getUser(core.db, actor.instanceId, id);
  if (!user || user.instanceId !== actor.instanceId || (type && user.type !== type)) throw userNotFound();
  return user;
}

function checkUsername(core: Core, actor: Actor, username: string, except?: string): void {
  const other = getUserByUsername(core.db, actor.instanceId, username);
  if (other && other.id !== except) throw alreadyExists("USER-username-taken", `The user name ${JSON.stringify(username)} is taken`);
}

/** A given id (seed, import) must be free in the instance (another instance may hold it: ids are per instance). */
function checkIdFree(core: Core, actor: Actor, id: string | undefined): void {
  if (id && getUser(core.db, actor.instanceId, id)) throw alreadyExists("USER-exists", `A user with the id ${id} already exists`);
}

function checkOrg(core: Core, actor: Actor, orgId: string): void {
  if (!getOrg(core.db, actor.instanceId, orgId)) throw notFound("ORG-not-found", "Organization not found");
}

export function createHuman(core: Core, actor: Actor, orgId: string, input: HumanInput, opts: GivenId = {}): User {
  const [added] = core.events.command(() => {
    checkOrg(core, actor, orgId);
    checkIdFree(core, actor, opts.id);
    checkUsername(core, actor, input.username);
    const id = opts.id ?? core.ids.next();
    const passwordHash = input.passwordHash ?? (input.password !== undefined ? bcrypt.hashSync(input.password, BCRYPT_COST) : undefined);
    const optional = {
      nickName: input.nickName,
      displayName: input.displayName,
      preferredLanguage: input.preferredLanguage,
      gender: input.gender,
      phone: input.phone,
      phoneVerified: input.phoneVerified,
    };
    return [
      UserHumanAdded.event(actor, id, orgId, {
        username: input.username,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        emailVerified: input.emailVerified ?? true,
        ...(input.metadata ? { metadata: input.metadata } : {}),
        ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined && v !== "")),
        ...(passwordHash ? { passwordHash: seal(core.db, passwordHash) } : {}),
      }),
    ];
  });
  return getUser(core.db, actor.instanceId, added!.aggregateId)!;
}

export function createMachine(core: Core, actor: Actor, orgId: string, input: MachineInput, opts: GivenId = {}): User {
  const [added] = core.events.command(() => {
    checkOrg(core, actor, orgId);
    checkIdFree(core, actor, opts.id);
    checkUsername(core, actor, input.username);
    const id = opts.id ?? core.ids.next();
    return [
      UserMachineAdded.event(actor, id, orgId, {
        username: input.username,
        name: input.name,
        description: input.description ?? "",
        accessTokenType: input.accessTokenType ?? "opaque",
        ...(input.clientSecret ? { secretHash: sealedSecretHash(core.db, input.clientSecret) } : {}),
      }),
    ];
  });
  return getUser(core.db, actor.instanceId, added!.aggregateId)!;
}

/** Applies the fields that differ; a changed password is hashed. Returns the event, or undefined for no change. */
export function changeUser(core: Core, actor: Actor, id: string, type: User["type"], patch: Record<string, unknown>): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const user = foundUser(core, actor, id, type);
    const current: Record<string, unknown> = { ...user.data, username: user.username };
    const diff = Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && k !== "password" && v !== current[k]));
    if (typeof diff.username === "string") checkUsername(core, actor, diff.username, id);
    if (typeof patch.password === "string") diff.passwordHash = seal(core.db, bcrypt.hashSync(patch.password, BCRYPT_COST));
    if (Object.keys(diff).length === 0) return [];
    return [userChanged(type).event(actor, id, user.orgId, diff)];
  });
  return changed;
}

/**
 * Sets one metadata entry of a user (Actions' set_user_metadata). The event carries the user's whole
 * new metadata map, as the changed events always have; it is appended even when the value is the
 * same, as the function execution did before this command existed.
 */
export function setUserMetadata(core: Core, actor: Actor, userId: string, key: string, value: string): StoredEvent {
  const [changed] = core.events.command(() => {
    const user = foundUser(core, actor, userId);
    const metadata = { ...((user.data as { metadata?: Record<string, string> }).metadata ?? {}), [key]: value };
    return [userChanged(user.type).event(actor, user.id, user.orgId, { metadata })];
  });
  return changed!;
}

/** Removes one metadata entry; a key the user does not have is NotFound. */
export function removeUserMetadata(core: Core, actor: Actor, userId: string, key: string): StoredEvent {
  const [changed] = core.events.command(() => {
    const user = foundUser(core, actor, userId);
    const metadata = { ...((user.data as { metadata?: Record<string, string> }).metadata ?? {}) };
    if (!(key in metadata)) throw notFound("USER-metadata-not-found", `The user has no metadata ${JSON.stringify(key)}`);
    delete metadata[key];
    return [userChanged(user.type).event(actor, user.id, user.orgId, { metadata })];
  });
  return changed!;
}

/**
 * Locks, unlocks, deactivates or reactivates a user. Each refuses a change it cannot make from the
 * current state (FailedPrecondition), as the product does: lock an active user, unlock a locked one,
 * deactivate one that is not inactive, reactivate an inactive one.
 */
export function changeUserState(core: Core, actor: Actor, userId: string, change: UserStateChange): StoredEvent {
  const [changed] = core.events.command(() => {
    const user = foundUser(core, actor, userId);
    const { from, to } = STATE_CHANGES[change];
    const current = userState(user);
    if (!from.includes(current)) throw failedPrecondition(`USER-not-${from.join("-or-")}`, `Cannot ${change} a user that is ${current}`);
    return [userChanged(user.type).event(actor, user.id, user.orgId, { state: to })];
  });
  return changed!;
}

export function removeUser(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => {
    const user = foundUser(core, actor, id);
    if (user.id === actor.userId) throw failedPrecondition("USER-remove-self", "A user cannot delete itself");
    return [UserRemoved.event(actor, id, user.orgId, { username: user.username })];
  });
  return removed!;
}

/** A new random token: 48 bytes, base64url, like the real product's opaque tokens in length. */
function generateToken(): string {
  return secretText(48);
}

/**
 * Adds a personal access token to a machine user: the given one (seed, import) or a new one,
 * returned once. An expiry in the past is refused for new tokens from the API only: the seed and
 * the import keep what their file says (a fixture may hold an expired token on purpose).
 */
export function addPersonalAccessToken(
  core: Core,
  actor: Actor,
  userId: string,
  input: { token?: string; expiresAt?: string },
  opts: GivenId = {},
): { token: string; tokenId: string; user: User } {
  const token = input.token ?? generateToken();
  const [added] = core.events.command(() => {
    const user = foundUser(core, actor, userId, "machine");
    const kept = actor.origin === "seed" || actor.origin === "import";
    if (!kept && input.expiresAt && Date.parse(input.expiresAt) <= core.clock.nowMs())
      throw failedPrecondition("USER-pat-expired", "The expiration date is in the past");
    const tokenId = opts.id ?? core.ids.next();
    return [
      UserPatAdded.event(actor, user.id, user.orgId, { tokenId, token: seal(core.db, token), ...(input.expiresAt ? { expiresAt: input.expiresAt } : {}) }),
    ];
  });
  return { token, tokenId: added!.payload.tokenId as string, user: getUser(core.db, actor.instanceId, userId)! };
}

/** Adds a public key (JWK) of a machine user, for the JWT profile grant; returns the key id (the JWT's kid). */
export function addMachineKey(core: Core, actor: Actor, userId: string, publicJwk: object, opts: GivenId = {}): string {
  const [added] = core.events.command(() => {
    const user = foundUser(core, actor, userId, "machine");
    return [UserMachineKeyAdded.event(actor, user.id, user.orgId, { keyId: opts.id ?? core.ids.next(), publicJwk })];
  });
  return added!.payload.keyId as string;
}

/** SvcUsers.AddMachineKey: a key given as a public key (JWK or PEM), or a generated pair whose key file is returned once. */
export function addKey(core: Core, actor: Actor, userId: string, publicKey: string | undefined): { keyId: string; keyDetails?: Uint8Array } {
  foundUser(core, actor, userId, "machine");
  if (publicKey) return { keyId: addMachineKey(core, actor, userId, publicJwkOf(publicKey)) };
  const generated = generateKey();
  const keyId = addMachineKey(core, actor, userId, generated.publicJwk);
  return { keyId, keyDetails: keyFile({ type: "serviceaccount", keyId, key: generated.privatePem, userId }) };
}

export function generateMachineSecret(core: Core, actor: Actor, id: string): { secret: string; event: StoredEvent } {
  const secret = generateSecret();
  const event = changeUser(core, actor, id, "machine", { secretHash: sealedSecretHash(core.db, secret) })!;
  return { secret, event };
}

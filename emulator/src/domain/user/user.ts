// Users: humans (profile, email, password hashed with bcrypt) and machines (service accounts that
// call the API with personal access tokens). The OIDC issue extends both. Password hashes and
// machine secret digests are sealed in the events (store/sealed.ts) and opened by the projection.

import bcrypt from "bcryptjs";
import type { Core } from "../core.js";
import { sealedSecretHash } from "../app/app.js";
import type { Database } from "../../store/database.js";
import type { Projections } from "../../store/projections.js";
import { seal, unseal } from "../../store/sealed.js";

export interface HumanInput {
  id?: string;
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
  id?: string;
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

const BCRYPT_COST = 10;

export function registerUserProjection(p: Projections): void {
  p.register(["users"], {
    "user.human.added": (db, e) => {
      const { passwordHash, username, ...data } = opened(db, e.payload);
      insert(db, e.aggregateId, e.instanceId, e.resourceOwner, "human", String(username), data, (passwordHash as string | undefined) ?? null, e.createdAt, e.aggregateSequence);
    },
    "user.human.changed": (db, e) => changeData(db, e.aggregateId, e.payload, e.createdAt, e.aggregateSequence),
    "user.machine.changed": (db, e) => changeData(db, e.aggregateId, e.payload, e.createdAt, e.aggregateSequence),
    "user.removed": (db, e) => {
      db.stmt("DELETE FROM users WHERE id = ?").run(e.aggregateId);
    },
    "user.machine.added": (db, e) => {
      const { username, ...data } = opened(db, e.payload);
      insert(db, e.aggregateId, e.instanceId, e.resourceOwner, "machine", String(username), data, null, e.createdAt, e.aggregateSequence);
    },
  });
}

/** A user event's payload with its sealed secrets (password hash, machine secret digest) opened. */
function opened(db: Database, payload: Record<string, unknown>): Record<string, unknown> {
  const open = { ...payload };
  for (const k of ["passwordHash", "secretHash"]) if (open[k] !== undefined) open[k] = unseal(db, open[k]);
  return open;
}

/** Merges changed fields into a user's row: the user name and password hash have their own columns. */
function changeData(db: Database, id: string, payload: Record<string, unknown>, at: string, seq: number): void {
  const { username, passwordHash, ...rest } = opened(db, payload);
  const row = db.stmt("SELECT data FROM users WHERE id = ?").get(id) as { data: string };
  db.stmt("UPDATE users SET username = COALESCE(?, username), password_hash = COALESCE(?, password_hash), data = ?, changed_at = ?, sequence = ? WHERE id = ?").run(
    (username as string | undefined) ?? null,
    (passwordHash as string | undefined) ?? null,
    JSON.stringify({ ...(JSON.parse(row.data) as object), ...rest }),
    at,
    seq,
    id,
  );
}

function insert(db: Database, id: string, instanceId: string, orgId: string, type: string, username: string, data: object, hash: string | null, at: string, seq: number): void {
  db.stmt("INSERT INTO users (id, instance_id, org_id, type, username, data, password_hash, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").run(
    id,
    instanceId,
    orgId,
    type,
    username,
    JSON.stringify(data),
    hash,
    at,
    at,
    seq,
  );
}

export function addHumanUser(core: Core, instanceId: string, orgId: string, input: HumanInput, creator: string): string {
  const id = input.id ?? core.ids.next();
  const passwordHash = input.passwordHash ?? (input.password !== undefined ? bcrypt.hashSync(input.password, BCRYPT_COST) : undefined);
  const payload = {
    username: input.username,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    emailVerified: input.emailVerified ?? true,
    ...(input.metadata ? { metadata: input.metadata } : {}),
    ...Object.fromEntries(Object.entries({ nickName: input.nickName, displayName: input.displayName, preferredLanguage: input.preferredLanguage, gender: input.gender, phone: input.phone, phoneVerified: input.phoneVerified }).filter(([, v]) => v !== undefined && v !== "")),
    ...(passwordHash ? { passwordHash: seal(core.db, passwordHash) } : {}),
  };
  core.events.push([{ instanceId, aggregateType: "user", aggregateId: id, type: "user.human.added", payload, creator, resourceOwner: orgId }]);
  return id;
}

export function addMachineUser(core: Core, instanceId: string, orgId: string, input: MachineInput, creator: string): string {
  const id = input.id ?? core.ids.next();
  const payload = {
    username: input.username,
    name: input.name,
    description: input.description ?? "",
    accessTokenType: input.accessTokenType ?? "opaque",
    ...(input.clientSecret ? { secretHash: sealedSecretHash(core.db, input.clientSecret) } : {}),
  };
  core.events.push([{ instanceId, aggregateType: "user", aggregateId: id, type: "user.machine.added", payload, creator, resourceOwner: orgId }]);
  return id;
}

export function registerMachineKeyProjection(p: Projections): void {
  p.register(["machine_keys"], {
    "user.machine.key.added": (db, e) => {
      db.stmt("INSERT INTO machine_keys (id, user_id, public_jwk, expires_at) VALUES (?, ?, ?, ?)").run(e.payload.keyId, e.aggregateId, JSON.stringify(e.payload.publicJwk), e.payload.expiresAt ?? null);
    },
  });
}

/** Adds a public key of a machine user, for the JWT profile grant; returns the key id (the JWT's kid). */
export function addMachineKey(core: Core, user: User, publicJwk: object, creator: string, keyId = core.ids.next()): string {
  core.events.push([{ instanceId: user.instanceId, aggregateType: "user", aggregateId: user.id, type: "user.machine.key.added", payload: { keyId, publicJwk }, creator, resourceOwner: user.orgId }]);
  return keyId;
}

export function machineKeys(db: Database, userId: string): { id: string; jwk: object; expiresAt: string | null }[] {
  const rows = db.stmt("SELECT id, public_jwk, expires_at FROM machine_keys WHERE user_id = ?").all(userId) as { id: string; public_jwk: string; expires_at: string | null }[];
  return rows.map((r) => ({ id: r.id, jwk: JSON.parse(r.public_jwk) as object, expiresAt: r.expires_at }));
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

export function getUser(db: Database, id: string): User | undefined {
  const r = db.stmt("SELECT * FROM users WHERE id = ?").get(id) as UserRow | undefined;
  return r && userFromRow(r);
}

export function getUserByUsername(db: Database, instanceId: string, username: string): User | undefined {
  const r = db.stmt("SELECT id FROM users WHERE instance_id = ? AND username = ?").get(instanceId, username) as { id: string } | undefined;
  return r && getUser(db, r.id);
}

// The user aggregate's tables: users (humans and machines; the password hash has its own column,
// the rest of the profile sits in `data`), machine_keys and personal_access_tokens. Sealed secrets
// in the payloads (password hash, machine secret digest, token) are opened here.

import type { Database } from "../../store/database.js";
import type { Projections } from "../../store/projections.js";
import { unseal } from "../../store/sealed.js";
import {
  UserHumanAdded,
  UserHumanChanged,
  UserMachineAdded,
  UserMachineChanged,
  UserMachineKeyAdded,
  UserPatAdded,
  UserRemoved,
  type UserChangedPayload,
} from "./events.js";

export function registerUserProjection(p: Projections): void {
  p.tables("users")
    .on(UserHumanAdded, (db, e) => {
      const { passwordHash, username, ...data } = opened(db, e.payload);
      insert(
        db,
        e.aggregateId,
        e.instanceId,
        e.resourceOwner,
        "human",
        String(username),
        data,
        (passwordHash as string | undefined) ?? null,
        e.createdAt,
        e.aggregateSequence,
      );
    })
    .on(UserHumanChanged, (db, e) => changeData(db, e.instanceId, e.aggregateId, e.payload, e.createdAt, e.aggregateSequence))
    .on(UserMachineChanged, (db, e) => changeData(db, e.instanceId, e.aggregateId, e.payload, e.createdAt, e.aggregateSequence))
    .on(UserRemoved, (db, e) => {
      db.stmt("DELETE FROM users WHERE instance_id = ? AND id = ?").run(e.instanceId, e.aggregateId);
    })
    .on(UserMachineAdded, (db, e) => {
      const { username, ...data } = opened(db, e.payload);
      insert(db, e.aggregateId, e.instanceId, e.resourceOwner, "machine", String(username), data, null, e.createdAt, e.aggregateSequence);
    });
}

export function registerMachineKeyProjection(p: Projections): void {
  p.tables("machine_keys").on(UserMachineKeyAdded, (db, e) => {
    db.stmt("INSERT INTO machine_keys (instance_id, id, user_id, public_jwk, expires_at) VALUES (?, ?, ?, ?, ?)").run(
      e.instanceId,
      e.payload.keyId,
      e.aggregateId,
      JSON.stringify(e.payload.publicJwk),
      e.payload.expiresAt ?? null,
    );
  });
}

export function registerPatProjection(p: Projections): void {
  p.tables("personal_access_tokens").on(UserPatAdded, (db, e) => {
    db.stmt("INSERT INTO personal_access_tokens (id, instance_id, user_id, token, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(
      e.payload.tokenId,
      e.instanceId,
      e.aggregateId,
      unseal(db, e.payload.token),
      e.payload.expiresAt ?? null,
      e.createdAt,
    );
  });
}

/** A user event's payload with its sealed secrets (password hash, machine secret digest) opened. */
function opened(db: Database, payload: object): Record<string, unknown> {
  const open: Record<string, unknown> = { ...payload };
  for (const k of ["passwordHash", "secretHash"]) if (open[k] !== undefined) open[k] = unseal(db, open[k]);
  return open;
}

/** Merges changed fields into a user's row: the user name and password hash have their own columns. */
function changeData(db: Database, instanceId: string, id: string, payload: UserChangedPayload, at: string, seq: number): void {
  const { username, passwordHash, ...rest } = opened(db, payload);
  const row = db.stmt("SELECT data FROM users WHERE instance_id = ? AND id = ?").get(instanceId, id) as { data: string };
  db.stmt(
    "UPDATE users SET username = COALESCE(?, username), password_hash = COALESCE(?, password_hash), data = ?, changed_at = ?, sequence = ? " +
      "WHERE instance_id = ? AND id = ?",
  ).run(
    (username as string | undefined) ?? null,
    (passwordHash as string | undefined) ?? null,
    JSON.stringify({ ...(JSON.parse(row.data) as object), ...rest }),
    at,
    seq,
    instanceId,
    id,
  );
}

function insert(
  db: Database,
  id: string,
  instanceId: string,
  orgId: string,
  type: string,
  username: string,
  data: object,
  hash: string | null,
  at: string,
  seq: number,
): void {
  db.stmt(
    "INSERT INTO users (id, instance_id, org_id, type, username, data, password_hash, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(id, instanceId, orgId, type, username, JSON.stringify(data), hash, at, at, seq);
}

// Reads of the user aggregate: users by id and user name, the humans of an instance, a password
// hash, machine keys, personal access tokens, and the paged search of SvcUsers.SearchUsers.

import type { Core } from "../core.js";
import { orgPrimaryDomain } from "../org/queries.js";
import type { Database } from "../../store/database.js";
import { inList, pagedSearch, type PageRequest } from "../../store/paged-search.js";
import { textCondition, type TextMatch } from "../../store/text-filter.js";
import type { Readable } from "../readable.js";
import { userFromRow, type User, type UserRow } from "./user.js";
import { hot } from "../../store/hot-statements.js";

/** Client authentication of machine users and every token's user read these (hot). */
const USER_BY_ID = hot("SELECT * FROM users WHERE instance_id = ? AND id = ?");
const USER_ID_BY_USERNAME = hot("SELECT id FROM users WHERE instance_id = ? AND username = ?");

/**
 * A user read for a token's claims (introspection, userinfo), cached until a user, org or instance event
 * is projected, and on reset, restore and rollback. Callers must not change the record. Unknown ids are not cached.
 */
export function cachedUser(db: Database, instanceId: string, id: string): User | undefined {
  return db.cachedFor(
    USER_STALE_ON,
    `user:${instanceId}:${id}`,
    () => getUser(db, instanceId, id),
    (u) => u !== undefined,
  );
}
const USER_STALE_ON = ["user", "org", "instance"];

export function getUser(db: Database, instanceId: string, id: string): User | undefined {
  const r = db.stmt(USER_BY_ID).get(instanceId, id) as UserRow | undefined;
  return r && userFromRow(r);
}

export function getUserByUsername(db: Database, instanceId: string, username: string): User | undefined {
  const r = db.stmt(USER_ID_BY_USERNAME).get(instanceId, username) as { id: string } | undefined;
  return r && getUser(db, instanceId, r.id);
}

/** The humans of an instance, in stored order or by user name. */
export function humansOfInstance(db: Database, instanceId: string, order: "stored" | "username" = "stored"): User[] {
  const sql = `SELECT * FROM users WHERE instance_id = ? AND type = 'human'${order === "username" ? " ORDER BY username" : ""}`;
  return (db.stmt(sql).all(instanceId) as UserRow[]).map(userFromRow);
}

/** The user's bcrypt password hash, if it has a password. */
export function passwordHashOf(db: Database, instanceId: string, userId: string): string | undefined {
  return (
    (db.stmt("SELECT password_hash AS h FROM users WHERE instance_id = ? AND id = ?").get(instanceId, userId) as { h: string | null } | undefined)?.h ??
    undefined
  );
}

export function machineKeys(db: Database, instanceId: string, userId: string): { id: string; jwk: object; expiresAt: string | null }[] {
  const rows = db.stmt("SELECT id, public_jwk, expires_at FROM machine_keys WHERE instance_id = ? AND user_id = ?").all(instanceId, userId) as {
    id: string;
    public_jwk: string;
    expires_at: string | null;
  }[];
  return rows.map((r) => ({ id: r.id, jwk: JSON.parse(r.public_jwk) as object, expiresAt: r.expires_at }));
}

export interface PersonalAccessToken {
  id: string;
  instanceId: string;
  userId: string;
  expiresAt: string | null;
  createdAt: string;
}

/** A token value, looked up in `instanceId` first (the same value may be given to several instances by a fixture), then in any instance. */
export function findPersonalAccessToken(db: Database, instanceId: string, token: string): PersonalAccessToken | undefined {
  const r = db
    .stmt("SELECT id, instance_id, user_id, expires_at, created_at FROM personal_access_tokens WHERE token = ? ORDER BY instance_id = ? DESC LIMIT 1")
    .get(token, instanceId) as { id: string; instance_id: string; user_id: string; expires_at: string | null; created_at: string } | undefined;
  return r && { id: r.id, instanceId: r.instance_id, userId: r.user_id, expiresAt: r.expires_at, createdAt: r.created_at };
}

/** One filter of SearchUsers; all given filters must hold. */
export type UserFilter = { username: TextMatch } | { email: TextMatch } | { type: User["type"] } | { orgId: string } | { ids: string[] };

/** SearchUsers: the instance's users the caller may read (placed by their org), filtered, one page, oldest first unless asked otherwise. */
export function searchUsers(db: Database, instanceId: string, readable: Readable, filters: UserFilter[], page: PageRequest): { total: number; users: User[] } {
  const where = ["instance_id = ?"];
  const args: unknown[] = [instanceId];
  where.push(readable({ org: "org_id" }, args));
  for (const f of filters) {
    if ("username" in f) where.push(textCondition("username", f.username, args));
    if ("email" in f) where.push(textCondition("json_extract(data, '$.email')", f.email, args));
    if ("type" in f) where.push("type = ?"), args.push(f.type);
    if ("orgId" in f) where.push("org_id = ?"), args.push(f.orgId);
    if ("ids" in f) where.push(inList("id", f.ids, args));
  }
  const { total, rows } = pagedSearch<UserRow>(db, "users", where, args, "created_at", page);
  return { total, users: rows.map(userFromRow) };
}

/** A user's login name: its user name at its org's primary domain (`alice@emulator-org.localhost`). */
export function loginName(core: Core, user: User): string {
  return `${user.username}@${orgPrimaryDomain(core, user.instanceId, user.orgId)}`;
}

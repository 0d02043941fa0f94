// Reads of user schemas: by id, by type, and the paged search of SvcUserSchemas.SearchUserSchemas.

import type { Database } from "../../store/database.js";
import { pagedSearch, type PageRequest } from "../../store/paged-search.js";
import { textCondition, type TextMatch } from "../../store/text-filter.js";
import { userSchemaFromRow, type UserSchema, type UserSchemaRow } from "./user-schema.js";

export function getUserSchema(db: Database, instanceId: string, id: string): UserSchema | undefined {
  const r = db.stmt("SELECT * FROM user_schemas WHERE instance_id = ? AND id = ?").get(instanceId, id) as UserSchemaRow | undefined;
  return r && userSchemaFromRow(r);
}

/** The id of the instance's schema of `type`, if there is one. */
export function userSchemaIdOfType(db: Database, instanceId: string, type: string): string | undefined {
  return (db.stmt("SELECT id FROM user_schemas WHERE instance_id = ? AND type = ?").get(instanceId, type) as { id: string } | undefined)?.id;
}

/** One filter of SearchUserSchemas; all given filters must hold. */
export type UserSchemaFilter = { type: TextMatch } | { state: UserSchema["state"] };

export function searchUserSchemas(db: Database, instanceId: string, filters: UserSchemaFilter[], page: PageRequest): { total: number; schemas: UserSchema[] } {
  const where = ["instance_id = ?"];
  const args: unknown[] = [instanceId];
  for (const f of filters) {
    if ("type" in f) where.push(textCondition("type", f.type, args));
    if ("state" in f) where.push("state = ?"), args.push(f.state);
  }
  const { total, rows } = pagedSearch<UserSchemaRow>(db, "user_schemas", where, args, "created_at", page);
  return { total, schemas: rows.map(userSchemaFromRow) };
}

// Reads of user grants: by id, of a user, of a project, and the paged search of
// SvcGrants.SearchUserGrants.

import type { Database } from "../../store/database.js";
import { pagedSearch, type PageRequest } from "../../store/paged-search.js";
import { GRANT_OF_USER_GRANT } from "../project/queries.js";
import type { Readable } from "../readable.js";
import { userGrantFromRow, type UserGrant, type UserGrantRow } from "./user-grant.js";

type Brief = { id: string; org_id: string; user_id: string; project_id: string; roles: string };
const brief = (r: Brief): UserGrant => ({ id: r.id, orgId: r.org_id, userId: r.user_id, projectId: r.project_id, roles: JSON.parse(r.roles) as string[] });

export function grantsOfUser(db: Database, instanceId: string, userId: string): UserGrant[] {
  return (
    db.stmt("SELECT id, org_id, user_id, project_id, roles FROM user_grants WHERE instance_id = ? AND user_id = ?").all(instanceId, userId) as Brief[]
  ).map(brief);
}

export function grantsOfProject(db: Database, instanceId: string, projectId: string): UserGrant[] {
  return (
    db.stmt("SELECT id, org_id, user_id, project_id, roles FROM user_grants WHERE instance_id = ? AND project_id = ?").all(instanceId, projectId) as Brief[]
  ).map(brief);
}

export function getUserGrant(db: Database, instanceId: string, id: string): Required<UserGrant> | undefined {
  const r = db.stmt("SELECT * FROM user_grants WHERE instance_id = ? AND id = ?").get(instanceId, id) as UserGrantRow | undefined;
  return r && userGrantFromRow(r);
}

/** One filter of SearchUserGrants; all given filters must hold. */
export type UserGrantFilter = { userId: string } | { projectId: string };

/** SearchUserGrants: the grants the caller may read (placed by org, project and the project grant the user's org holds), filtered, one page. */
export function searchUserGrants(
  db: Database,
  instanceId: string,
  readable: Readable,
  filters: UserGrantFilter[],
  page: PageRequest,
): { total: number; grants: Required<UserGrant>[] } {
  const where = ["instance_id = ?"];
  const args: unknown[] = [instanceId];
  where.push(readable({ org: "org_id", project: "project_id", grant: GRANT_OF_USER_GRANT }, args));
  for (const f of filters) {
    if ("userId" in f) where.push("user_id = ?"), args.push(f.userId);
    if ("projectId" in f) where.push("project_id = ?"), args.push(f.projectId);
  }
  const { total, rows } = pagedSearch<UserGrantRow>(db, "user_grants", where, args, "created_at", page);
  return { total, grants: rows.map(userGrantFromRow) };
}

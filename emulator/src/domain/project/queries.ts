// Reads of projects, their roles and project grants: by id, the checks commands need, and the
// searches of SvcProjects and SvcGrants (filters, the reader's scope, paging).

import type { Actor, Core } from "../core.js";
import { notFound } from "../../kernel/errors.js";
import type { Database } from "../../store/database.js";
import { inList, pagedSearch, type PageRequest } from "../../store/paged-search.js";
import { textCondition, type TextMatch } from "../../store/text-filter.js";
import type { Readable } from "../readable.js";
import { projectFromRow, projectGrantFromRow, type Project, type ProjectGrant, type ProjectGrantRow, type ProjectRow, type Role } from "./project.js";

export function getProject(db: Database, instanceId: string, id: string): Project | undefined {
  const r = db.stmt("SELECT * FROM projects WHERE instance_id = ? AND id = ?").get(instanceId, id) as ProjectRow | undefined;
  return r && projectFromRow(r);
}

/** The project of the actor's instance, or NotFound. */
export function foundProject(core: Core, actor: Actor, id: string): Project {
  const p = getProject(core.db, actor.instanceId, id);
  if (!p) throw notFound("PROJECT-not-found", "Project not found");
  return p;
}

export function projectRoles(db: Database, instanceId: string, projectId: string): Role[] {
  const rows = db
    .stmt("SELECT key, display_name, role_group FROM project_roles WHERE instance_id = ? AND project_id = ? ORDER BY key")
    .all(instanceId, projectId) as {
    key: string;
    display_name: string;
    role_group: string;
  }[];
  return rows.map((r) => ({ key: r.key, displayName: r.display_name, group: r.role_group }));
}

export function projectRoleKeys(db: Database, instanceId: string, projectId: string): string[] {
  return (db.stmt("SELECT key FROM project_roles WHERE instance_id = ? AND project_id = ? ORDER BY key").all(instanceId, projectId) as { key: string }[]).map(
    (r) => r.key,
  );
}

export interface ProjectSearch extends PageRequest {
  /** Each entry is one filter; all must hold. */
  names: TextMatch[];
  idSets: string[][];
  orgIds: string[];
}

export function searchProjects(db: Database, instanceId: string, s: ProjectSearch, readable: Readable): { total: number; rows: Project[] } {
  const where = ["instance_id = ?"];
  const args: unknown[] = [instanceId];
  where.push(readable({ org: "org_id", project: "id" }, args));
  for (const n of s.names) where.push(textCondition("name", n, args));
  for (const ids of s.idSets) where.push(inList("id", ids, args));
  for (const orgId of s.orgIds) where.push("org_id = ?"), args.push(orgId);
  const { total, rows } = pagedSearch<ProjectRow>(db, "projects", where, args, "created_at", s);
  return { total, rows: rows.map(projectFromRow) };
}

/** The roles of the projects named (all of them must match: one project at most), ordered by project. */
export function searchRoles(
  db: Database,
  instanceId: string,
  s: PageRequest & { projectIds: string[] },
  readable: Readable,
): { total: number; rows: (Role & { projectId: string })[] } {
  const where = ["p.instance_id = ?", ...s.projectIds.map(() => "r.project_id = ?")];
  const args: unknown[] = [instanceId, ...s.projectIds];
  where.push(readable({ org: "p.org_id", project: "r.project_id" }, args));
  const source = { from: "project_roles r JOIN projects p ON p.instance_id = r.instance_id AND p.id = r.project_id", select: "r.*" };
  const { total, rows } = pagedSearch<{ project_id: string; key: string; display_name: string; role_group: string }>(
    db,
    source,
    where,
    args,
    "r.project_id",
    s,
    "r.key",
  );
  return { total, rows: rows.map((r) => ({ projectId: r.project_id, key: r.key, displayName: r.display_name, group: r.role_group })) };
}

/** Project grants with the org that owns the project. */
const GRANTS_WITH_ORG = { from: "project_grants g JOIN projects p ON p.instance_id = g.instance_id AND p.id = g.project_id", select: "g.*, p.org_id" };
const SELECT_GRANTS = `SELECT ${GRANTS_WITH_ORG.select} FROM ${GRANTS_WITH_ORG.from}`;

export function getProjectGrant(db: Database, instanceId: string, id: string): ProjectGrant | undefined {
  const r = db.stmt(`${SELECT_GRANTS} WHERE g.instance_id = ? AND g.id = ?`).get(instanceId, id) as ProjectGrantRow | undefined;
  return r && projectGrantFromRow(r);
}

/** The project grant of the actor's instance, or NotFound. */
export function foundProjectGrant(core: Core, actor: Actor, id: string): ProjectGrant {
  const g = getProjectGrant(core.db, actor.instanceId, id);
  if (!g) throw notFound("PROJECT-grant-not-found", "Project grant not found");
  return g;
}

export function projectGrantedTo(db: Database, instanceId: string, projectId: string, grantedOrgId: string): boolean {
  return !!db.stmt("SELECT 1 FROM project_grants WHERE instance_id = ? AND project_id = ? AND granted_org_id = ?").get(instanceId, projectId, grantedOrgId);
}

/** Grants that hold a role, for removing it when the project's role goes. */
export function projectGrantsWithRole(db: Database, instanceId: string, projectId: string, role: string): ProjectGrant[] {
  return (db.stmt(`${SELECT_GRANTS} WHERE g.instance_id = ? AND g.project_id = ?`).all(instanceId, projectId) as ProjectGrantRow[])
    .map(projectGrantFromRow)
    .filter((g) => g.roles.includes(role));
}

export interface ProjectGrantSearch extends PageRequest {
  projectIds: string[];
  grantedOrgIds: string[];
}

export function searchProjectGrants(db: Database, instanceId: string, s: ProjectGrantSearch, readable: Readable): { total: number; rows: ProjectGrant[] } {
  const where = ["g.instance_id = ?"];
  const args: unknown[] = [instanceId];
  where.push(readable({ org: "p.org_id", project: "g.project_id", grant: "g.id" }, args));
  for (const id of s.projectIds) where.push("g.project_id = ?"), args.push(id);
  for (const id of s.grantedOrgIds) where.push("g.granted_org_id = ?"), args.push(id);
  const { total, rows } = pagedSearch<ProjectGrantRow>(db, GRANTS_WITH_ORG, where, args, "g.created_at", s, "g.id");
  return { total, rows: rows.map(projectGrantFromRow) };
}

/**
 * The id of the project grant under which a user holds a user grant (the project granted to the
 * user's org), as an SQL expression over a row of `user_grants`: NULL when there is none.
 */
export const GRANT_OF_USER_GRANT =
  "(SELECT pg.id FROM project_grants pg JOIN users u ON u.instance_id = pg.instance_id AND u.org_id = pg.granted_org_id " +
  "WHERE pg.instance_id = user_grants.instance_id AND pg.project_id = user_grants.project_id AND u.id = user_grants.user_id)";

export function grantOfUserGrant(db: Database, instanceId: string, g: { projectId: string; userId: string }): string | undefined {
  const r = db
    .stmt(
      "SELECT pg.id FROM project_grants pg JOIN users u ON u.instance_id = pg.instance_id AND u.org_id = pg.granted_org_id " +
        "WHERE pg.instance_id = ? AND pg.project_id = ? AND u.id = ?",
    )
    .get(instanceId, g.projectId, g.userId) as { id: string } | undefined;
  return r?.id;
}

// Project grants (SvcGrants): a project's owner org gives another org some of the project's roles;
// one grant per project and org; removing a role from the project removes it from its grants too.

import type { Actor, Core } from "../core.js";
import { alreadyExists, failedPrecondition, invalidArgument, notFound } from "../../kernel/errors.js";
import type { Database } from "../../store/database.js";
import type { StoredEvent } from "../../store/event-store.js";
import type { Projections } from "../../store/projections.js";
import { getOrg } from "../org/queries.js";
import { getProject, projectRoleKeys } from "./project.js";

export interface ProjectGrant {
  id: string;
  instanceId: string;
  projectId: string;
  grantedOrgId: string;
  roles: string[];
  orgId: string;
  changedAt: string;
  sequence: number;
}

export interface ProjectGrantRow {
  id: string;
  instance_id: string;
  project_id: string;
  granted_org_id: string;
  roles: string;
  changed_at: string;
  sequence: number;
  org_id: string;
}

export const projectGrantFromRow = (r: ProjectGrantRow): ProjectGrant => ({
  id: r.id,
  instanceId: r.instance_id,
  projectId: r.project_id,
  grantedOrgId: r.granted_org_id,
  roles: JSON.parse(r.roles) as string[],
  orgId: r.org_id,
  changedAt: r.changed_at,
  sequence: r.sequence,
});

export function registerProjectGrantProjection(p: Projections): void {
  p.register(["project_grants"], {
    "project.grant.added": (db, e) => {
      db.stmt("INSERT INTO project_grants (id, instance_id, project_id, granted_org_id, roles, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(
        e.payload.grantId,
        e.instanceId,
        e.aggregateId,
        e.payload.grantedOrgId,
        JSON.stringify(e.payload.roles),
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    },
    "project.grant.changed": (db, e) => {
      db.stmt("UPDATE project_grants SET roles = ?, changed_at = ?, sequence = ? WHERE id = ?").run(JSON.stringify(e.payload.roles), e.createdAt, e.aggregateSequence, e.payload.grantId);
    },
    "project.grant.removed": (db, e) => {
      db.stmt("DELETE FROM project_grants WHERE id = ?").run(e.payload.grantId);
    },
  });
}

/** Project grants with the org that owns the project. */
export const PROJECT_GRANTS_WITH_ORG = { from: "project_grants g JOIN projects p ON p.id = g.project_id", select: "g.*, p.org_id" };
const SELECT_PROJECT_GRANTS = `SELECT ${PROJECT_GRANTS_WITH_ORG.select} FROM ${PROJECT_GRANTS_WITH_ORG.from}`;

export function getProjectGrant(db: Database, instanceId: string, id: string): ProjectGrant | undefined {
  const r = db.stmt(`${SELECT_PROJECT_GRANTS} WHERE g.instance_id = ? AND g.id = ?`).get(instanceId, id) as ProjectGrantRow | undefined;
  return r && projectGrantFromRow(r);
}

export function foundProjectGrant(core: Core, actor: Actor, id: string): ProjectGrant {
  const g = getProjectGrant(core.db, actor.instanceId, id);
  if (!g) throw notFound("PROJECT-grant-not-found", "Project grant not found");
  return g;
}

function checkRoles(db: Database, projectId: string, roles: string[]): void {
  const known = projectRoleKeys(db, projectId);
  const unknown = roles.find((r) => !known.includes(r));
  if (unknown) throw invalidArgument("GRANT-unknown-role", `The project has no role ${JSON.stringify(unknown)}`);
}

const event = (actor: Actor, projectId: string, orgId: string, type: string, payload: Record<string, unknown>) => ({ instanceId: actor.instanceId, aggregateType: "project", aggregateId: projectId, type, payload, creator: actor.userId, resourceOwner: orgId });

export function createProjectGrant(core: Core, actor: Actor, input: { projectId: string; grantedOrgId: string; roles: string[] }): string {
  const grantId = core.ids.next();
  core.events.command(() => {
    const project = getProject(core.db, input.projectId);
    if (!project || project.instanceId !== actor.instanceId) throw notFound("PROJECT-not-found", "Project not found");
    if (!getOrg(core.db, actor.instanceId, input.grantedOrgId)) throw notFound("ORG-not-found", "Organization not found");
    if (input.grantedOrgId === project.orgId) throw failedPrecondition("PROJECT-grant-own-org", "A project cannot be granted to the org that owns it");
    checkRoles(core.db, project.id, input.roles);
    if (core.db.stmt("SELECT 1 FROM project_grants WHERE project_id = ? AND granted_org_id = ?").get(project.id, input.grantedOrgId)) {
      throw alreadyExists("PROJECT-grant-exists", "The project is already granted to this org; patch the grant");
    }
    return [event(actor, project.id, project.orgId, "project.grant.added", { grantId, grantedOrgId: input.grantedOrgId, roles: [...new Set(input.roles)] })];
  });
  return grantId;
}

export function changeProjectGrant(core: Core, actor: Actor, id: string, roles: string[]): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const g = foundProjectGrant(core, actor, id);
    checkRoles(core.db, g.projectId, roles);
    const next = [...new Set(roles)];
    if (next.length === g.roles.length && next.every((r, i) => r === g.roles[i])) return [];
    return [event(actor, g.projectId, g.orgId, "project.grant.changed", { grantId: id, roles: next })];
  });
  return changed;
}

export function removeProjectGrant(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => {
    const g = foundProjectGrant(core, actor, id);
    return [event(actor, g.projectId, g.orgId, "project.grant.removed", { grantId: id })];
  });
  return removed!;
}

/** Grants that hold a role, for removing it when the project's role goes. */
export function projectGrantsWithRole(db: Database, projectId: string, role: string): ProjectGrant[] {
  return (db.stmt(`${SELECT_PROJECT_GRANTS} WHERE g.project_id = ?`).all(projectId) as ProjectGrantRow[]).map(projectGrantFromRow).filter((g) => g.roles.includes(role));
}

/**
 * The id of the project grant under which a user holds a user grant (the project granted to the
 * user's org), as an SQL expression over a row of `user_grants`: NULL when there is none.
 */
export const GRANT_OF_USER_GRANT = "(SELECT pg.id FROM project_grants pg JOIN users u ON u.org_id = pg.granted_org_id WHERE pg.project_id = user_grants.project_id AND u.id = user_grants.user_id)";

export function grantOfUserGrant(db: Database, g: { projectId: string; userId: string }): string | undefined {
  const r = db.stmt("SELECT pg.id FROM project_grants pg JOIN users u ON u.org_id = pg.granted_org_id WHERE pg.project_id = ? AND u.id = ?").get(g.projectId, g.userId) as { id: string } | undefined;
  return r?.id;
}

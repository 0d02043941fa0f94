// Projects: hold roles and the role assertion settings that shape tokens (wire-facts 6.4).

import type { Core } from "../../core.js";
import type { Database } from "../../store/database.js";
import type { Projections } from "../../store/projections.js";

export interface ProjectInput {
  id?: string;
  name: string;
  roleAssertion?: boolean;
  roleCheck?: boolean;
  hasProjectCheck?: boolean;
  roles?: { key: string; displayName?: string; group?: string }[];
}

export interface Project {
  id: string;
  instanceId: string;
  orgId: string;
  name: string;
  roleAssertion: boolean;
  roleCheck: boolean;
  hasProjectCheck: boolean;
}

export function registerProjectProjection(p: Projections): void {
  p.register(["project_roles", "projects"], {
    "project.added": (db, e) => {
      db.stmt("INSERT INTO projects (id, instance_id, org_id, name, role_assertion, role_check, has_project_check, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").run(
        e.aggregateId,
        e.instanceId,
        e.resourceOwner,
        e.payload.name,
        e.payload.roleAssertion ? 1 : 0,
        e.payload.roleCheck ? 1 : 0,
        e.payload.hasProjectCheck ? 1 : 0,
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    },
    "project.role.added": (db, e) => {
      db.stmt("INSERT INTO project_roles (project_id, key, display_name, role_group) VALUES (?, ?, ?, ?)").run(e.aggregateId, e.payload.key, e.payload.displayName, e.payload.group);
      db.stmt("UPDATE projects SET changed_at = ?, sequence = ? WHERE id = ?").run(e.createdAt, e.aggregateSequence, e.aggregateId);
    },
  });
}

export function addProject(core: Core, instanceId: string, orgId: string, input: ProjectInput, creator: string): string {
  const id = input.id ?? core.ids.next();
  const base = { instanceId, aggregateType: "project", aggregateId: id, creator, resourceOwner: orgId };
  core.events.push([
    { ...base, type: "project.added", payload: { name: input.name, roleAssertion: !!input.roleAssertion, roleCheck: !!input.roleCheck, hasProjectCheck: !!input.hasProjectCheck } },
    ...(input.roles ?? []).map((r) => ({ ...base, type: "project.role.added", payload: { key: r.key, displayName: r.displayName ?? r.key, group: r.group ?? "" } })),
  ]);
  return id;
}

interface ProjectRow {
  id: string;
  instance_id: string;
  org_id: string;
  name: string;
  role_assertion: number;
  role_check: number;
  has_project_check: number;
}

export function getProject(db: Database, id: string): Project | undefined {
  const r = db.stmt("SELECT * FROM projects WHERE id = ?").get(id) as ProjectRow | undefined;
  return (
    r && { id: r.id, instanceId: r.instance_id, orgId: r.org_id, name: r.name, roleAssertion: r.role_assertion === 1, roleCheck: r.role_check === 1, hasProjectCheck: r.has_project_check === 1 }
  );
}

export function projectRoleKeys(db: Database, projectId: string): string[] {
  return (db.stmt("SELECT key FROM project_roles WHERE project_id = ? ORDER BY key").all(projectId) as { key: string }[]).map((r) => r.key);
}

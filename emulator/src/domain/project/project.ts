// Projects: hold roles and the role assertion settings that shape tokens (wire-facts 6.4).

import type { Core } from "../core.js";
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
  changedAt: string;
  sequence: number;
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
    "project.changed": (db, e) => {
      const c = e.payload as Record<string, unknown>;
      const bit = (v: unknown) => (v === undefined ? null : v ? 1 : 0);
      db.stmt("UPDATE projects SET name = COALESCE(?, name), role_assertion = COALESCE(?, role_assertion), role_check = COALESCE(?, role_check), has_project_check = COALESCE(?, has_project_check), changed_at = ?, sequence = ? WHERE id = ?").run(
        c.name ?? null,
        bit(c.roleAssertion),
        bit(c.roleCheck),
        bit(c.hasProjectCheck),
        e.createdAt,
        e.aggregateSequence,
        e.aggregateId,
      );
    },
    "project.removed": (db, e) => {
      db.stmt("DELETE FROM projects WHERE id = ?").run(e.aggregateId);
    },
    "project.role.removed": (db, e) => {
      db.stmt("DELETE FROM project_roles WHERE project_id = ? AND key = ?").run(e.aggregateId, e.payload.key);
      db.stmt("UPDATE projects SET changed_at = ?, sequence = ? WHERE id = ?").run(e.createdAt, e.aggregateSequence, e.aggregateId);
    },
    "project.role.changed": (db, e) => {
      db.stmt("UPDATE project_roles SET display_name = COALESCE(?, display_name), role_group = COALESCE(?, role_group) WHERE project_id = ? AND key = ?").run(
        e.payload.displayName ?? null,
        e.payload.group ?? null,
        e.aggregateId,
        e.payload.key,
      );
      db.stmt("UPDATE projects SET changed_at = ?, sequence = ? WHERE id = ?").run(e.createdAt, e.aggregateSequence, e.aggregateId);
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

export interface ProjectRow {
  id: string;
  instance_id: string;
  org_id: string;
  name: string;
  role_assertion: number;
  role_check: number;
  has_project_check: number;
  changed_at: string;
  sequence: number;
}

export const projectFromRow = (r: ProjectRow): Project => ({
  id: r.id,
  instanceId: r.instance_id,
  orgId: r.org_id,
  name: r.name,
  roleAssertion: r.role_assertion === 1,
  roleCheck: r.role_check === 1,
  hasProjectCheck: r.has_project_check === 1,
  changedAt: r.changed_at,
  sequence: r.sequence,
});

export function getProject(db: Database, id: string): Project | undefined {
  const r = db.stmt("SELECT * FROM projects WHERE id = ?").get(id) as ProjectRow | undefined;
  return r && projectFromRow(r);
}

export function projectRoles(db: Database, projectId: string): { key: string; displayName: string; group: string }[] {
  const rows = db.stmt("SELECT key, display_name, role_group FROM project_roles WHERE project_id = ? ORDER BY key").all(projectId) as { key: string; display_name: string; role_group: string }[];
  return rows.map((r) => ({ key: r.key, displayName: r.display_name, group: r.role_group }));
}

export function projectRoleKeys(db: Database, projectId: string): string[] {
  return (db.stmt("SELECT key FROM project_roles WHERE project_id = ? ORDER BY key").all(projectId) as { key: string }[]).map((r) => r.key);
}

// Project events -> the projects, project_roles and project_grants tables.

import type { Database } from "../../store/database.js";
import type { Projections } from "../../store/projections.js";
import type { TypedEvent } from "../../store/event-type.js";
import {
  ProjectGrantAdded,
  ProjectGrantChanged,
  ProjectGrantRemoved,
  ProjectAdded,
  ProjectChanged,
  ProjectRemoved,
  ProjectRoleAdded,
  ProjectRoleChanged,
  ProjectRoleRemoved,
} from "./events.js";

const bit = (v: unknown) => (v === undefined ? null : v ? 1 : 0);

/** A change to a role is a change to its project: its sequence and change date move. */
function touch(db: Database, e: TypedEvent<object>): void {
  db.stmt("UPDATE projects SET changed_at = ?, sequence = ? WHERE id = ? AND instance_id = ?").run(
    e.createdAt,
    e.aggregateSequence,
    e.aggregateId,
    e.instanceId,
  );
}

export function registerProjectProjection(p: Projections): void {
  p.tables("project_roles", "projects")
    .on(ProjectAdded, (db, e) => {
      const c = e.payload;
      db.stmt(
        "INSERT INTO projects (id, instance_id, org_id, name, role_assertion, role_check, has_project_check, created_at, changed_at, sequence) " +
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).run(
        e.aggregateId,
        e.instanceId,
        e.resourceOwner,
        c.name,
        c.roleAssertion ? 1 : 0,
        c.roleCheck ? 1 : 0,
        c.hasProjectCheck ? 1 : 0,
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    })
    .on(ProjectChanged, (db, e) => {
      const c = e.payload;
      db.stmt(
        "UPDATE projects SET name = COALESCE(?, name), role_assertion = COALESCE(?, role_assertion), " +
          "role_check = COALESCE(?, role_check), has_project_check = COALESCE(?, has_project_check), changed_at = ?, sequence = ? " +
          "WHERE instance_id = ? AND id = ?",
      ).run(c.name ?? null, bit(c.roleAssertion), bit(c.roleCheck), bit(c.hasProjectCheck), e.createdAt, e.aggregateSequence, e.instanceId, e.aggregateId);
    })
    .on(ProjectRemoved, (db, e) => {
      db.stmt("DELETE FROM projects WHERE id = ? AND instance_id = ?").run(e.aggregateId, e.instanceId);
    })
    .on(ProjectRoleRemoved, (db, e) => {
      db.stmt("DELETE FROM project_roles WHERE project_id = ? AND key = ? AND instance_id = ?").run(e.aggregateId, e.payload.key, e.instanceId);
      touch(db, e);
    })
    .on(ProjectRoleChanged, (db, e) => {
      db.stmt(
        "UPDATE project_roles SET display_name = COALESCE(?, display_name), role_group = COALESCE(?, role_group) " +
          "WHERE project_id = ? AND key = ? AND instance_id = ?",
      ).run(e.payload.displayName ?? null, e.payload.group ?? null, e.aggregateId, e.payload.key, e.instanceId);
      touch(db, e);
    })
    .on(ProjectRoleAdded, (db, e) => {
      db.stmt("INSERT INTO project_roles (instance_id, project_id, key, display_name, role_group) VALUES (?, ?, ?, ?, ?)").run(
        e.instanceId,
        e.aggregateId,
        e.payload.key,
        e.payload.displayName,
        e.payload.group,
      );
      touch(db, e);
    });
}

export function registerProjectGrantProjection(p: Projections): void {
  p.tables("project_grants")
    .on(ProjectGrantAdded, (db, e) => {
      db.stmt(
        "INSERT INTO project_grants (id, instance_id, project_id, granted_org_id, roles, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      ).run(
        e.payload.grantId,
        e.instanceId,
        e.aggregateId,
        e.payload.grantedOrgId,
        JSON.stringify(e.payload.roles),
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    })
    .on(ProjectGrantChanged, (db, e) => {
      db.stmt("UPDATE project_grants SET roles = ?, changed_at = ?, sequence = ? WHERE id = ? AND instance_id = ?").run(
        JSON.stringify(e.payload.roles),
        e.createdAt,
        e.aggregateSequence,
        e.payload.grantId,
        e.instanceId,
      );
    })
    .on(ProjectGrantRemoved, (db, e) => {
      db.stmt("DELETE FROM project_grants WHERE id = ? AND instance_id = ?").run(e.payload.grantId, e.instanceId);
    });
}

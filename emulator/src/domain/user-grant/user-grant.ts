// User grants: the roles a user holds on a project; the source of the role claims.

import type { Core } from "../core.js";
import type { Database } from "../../store/database.js";
import type { Projections } from "../../store/projections.js";

export interface UserGrant {
  changedAt?: string;
  sequence?: number;
  id: string;
  orgId: string;
  userId: string;
  projectId: string;
  roles: string[];
}

export function registerUserGrantProjection(p: Projections): void {
  p.register(["user_grants"], {
    "user.grant.removed": (db, e) => {
      db.stmt("DELETE FROM user_grants WHERE id = ?").run(e.aggregateId);
    },
    "user.grant.changed": (db, e) => {
      db.stmt("UPDATE user_grants SET roles = ?, changed_at = ?, sequence = ? WHERE id = ?").run(JSON.stringify(e.payload.roles), e.createdAt, e.aggregateSequence, e.aggregateId);
    },
    "user.grant.added": (db, e) => {
      db.stmt("INSERT INTO user_grants (id, instance_id, org_id, user_id, project_id, roles, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)").run(
        e.aggregateId,
        e.instanceId,
        e.resourceOwner,
        e.payload.userId,
        e.payload.projectId,
        JSON.stringify(e.payload.roles),
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    },
  });
}

export function addUserGrant(core: Core, instanceId: string, orgId: string, input: { userId: string; projectId: string; roles: string[] }, creator: string): string {
  const id = core.ids.next();
  core.events.push([{ instanceId, aggregateType: "usergrant", aggregateId: id, type: "user.grant.added", payload: input, creator, resourceOwner: orgId }]);
  return id;
}

export function grantsOfUser(db: Database, userId: string): UserGrant[] {
  const rows = db.stmt("SELECT id, org_id, user_id, project_id, roles FROM user_grants WHERE user_id = ?").all(userId) as { id: string; org_id: string; user_id: string; project_id: string; roles: string }[];
  return rows.map((r) => ({ id: r.id, orgId: r.org_id, userId: r.user_id, projectId: r.project_id, roles: JSON.parse(r.roles) as string[] }));
}

export function grantsOfProject(db: Database, projectId: string): UserGrant[] {
  const rows = db.stmt("SELECT id, org_id, user_id, project_id, roles FROM user_grants WHERE project_id = ?").all(projectId) as { id: string; org_id: string; user_id: string; project_id: string; roles: string }[];
  return rows.map((r) => ({ id: r.id, orgId: r.org_id, userId: r.user_id, projectId: r.project_id, roles: JSON.parse(r.roles) as string[] }));
}

export interface UserGrantRow {
  id: string;
  org_id: string;
  user_id: string;
  project_id: string;
  roles: string;
  changed_at: string;
  sequence: number;
}

export const userGrantFromRow = (r: UserGrantRow): Required<UserGrant> => ({
  id: r.id,
  orgId: r.org_id,
  userId: r.user_id,
  projectId: r.project_id,
  roles: JSON.parse(r.roles) as string[],
  changedAt: r.changed_at,
  sequence: r.sequence,
});

export function getUserGrant(db: Database, instanceId: string, id: string): Required<UserGrant> | undefined {
  const r = db.stmt("SELECT * FROM user_grants WHERE instance_id = ? AND id = ?").get(instanceId, id) as UserGrantRow | undefined;
  return r && userGrantFromRow(r);
}

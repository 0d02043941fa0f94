// user.grant.added / changed / removed -> the user_grants table.

import type { Projections } from "../../store/projections.js";
import { UserGrantAdded, UserGrantChanged, UserGrantRemoved } from "./events.js";

export function registerUserGrantProjection(p: Projections): void {
  p.tables("user_grants")
    .on(UserGrantRemoved, (db, e) => {
      db.stmt("DELETE FROM user_grants WHERE id = ? AND instance_id = ?").run(e.aggregateId, e.instanceId);
    })
    .on(UserGrantChanged, (db, e) => {
      db.stmt("UPDATE user_grants SET roles = ?, changed_at = ?, sequence = ? WHERE id = ? AND instance_id = ?").run(
        JSON.stringify(e.payload.roles),
        e.createdAt,
        e.aggregateSequence,
        e.aggregateId,
        e.instanceId,
      );
    })
    .on(UserGrantAdded, (db, e) => {
      db.stmt(
        "INSERT INTO user_grants (id, instance_id, org_id, user_id, project_id, roles, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).run(
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
    });
}

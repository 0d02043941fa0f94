// Membership events of every context type -> the memberships table.

import type { Projections } from "../../store/projections.js";
import { MemberAdded, MemberChanged, MemberRemoved } from "./events.js";
import { CONTEXT_TYPES } from "./membership.js";

export function registerMembershipProjection(p: Projections): void {
  p.tables("memberships");
  for (const t of CONTEXT_TYPES) {
    p.on(MemberAdded[t], (db, e) => {
      db.stmt(
        "INSERT INTO memberships (instance_id, context_type, context_id, user_id, roles, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      ).run(
        e.instanceId,
        e.payload.contextType,
        e.payload.contextId,
        e.payload.userId,
        JSON.stringify(e.payload.roles),
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    });
    p.on(MemberChanged[t], (db, e) => {
      db.stmt(
        "UPDATE memberships SET roles = ?, changed_at = ?, sequence = ? WHERE context_type = ? AND context_id = ? AND user_id = ? AND instance_id = ?",
      ).run(JSON.stringify(e.payload.roles), e.createdAt, e.aggregateSequence, e.payload.contextType, e.payload.contextId, e.payload.userId, e.instanceId);
    });
    p.on(MemberRemoved[t], (db, e) => {
      db.stmt("DELETE FROM memberships WHERE context_type = ? AND context_id = ? AND user_id = ? AND instance_id = ?").run(
        e.payload.contextType,
        e.payload.contextId,
        e.payload.userId,
        e.instanceId,
      );
    });
  }
}

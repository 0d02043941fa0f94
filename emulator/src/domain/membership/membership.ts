// Memberships: a user's roles in a context (system, instance or org). Permissions follow from the
// roles (auth/permissions.ts). Context and user id together are unique (spec SvcMemberships).

import type { Core } from "../../core.js";
import type { Database } from "../../store/database.js";
import type { StoredEvent } from "../../store/event-store.js";
import type { Projections } from "../../store/projections.js";

export type ContextType = "system" | "instance" | "org";

export interface Membership {
  contextType: ContextType;
  contextId: string;
  userId: string;
  roles: string[];
}

export function registerMembershipProjection(p: Projections): void {
  const added = (db: Database, e: StoredEvent) => {
      db.stmt("INSERT INTO memberships (instance_id, context_type, context_id, user_id, roles, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(
        e.instanceId,
        e.payload.contextType,
        e.payload.contextId,
        e.payload.userId,
        JSON.stringify(e.payload.roles),
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
  };
  p.register(["memberships"], { "instance.member.added": added, "org.member.added": added });
}

export function addMembership(core: Core, instanceId: string, m: Membership, creator: string): void {
  const aggregateType = m.contextType === "org" ? "org" : "instance";
  core.events.push([
    {
      instanceId,
      aggregateType,
      aggregateId: m.contextId,
      type: `${aggregateType}.member.added`,
      payload: { contextType: m.contextType, contextId: m.contextId, userId: m.userId, roles: m.roles },
      creator,
      resourceOwner: m.contextId,
    },
  ]);
}

export function membershipsOf(db: Database, userId: string): Membership[] {
  const rows = db.stmt("SELECT context_type, context_id, user_id, roles FROM memberships WHERE user_id = ?").all(userId) as {
    context_type: ContextType;
    context_id: string;
    user_id: string;
    roles: string;
  }[];
  return rows.map((r) => ({ contextType: r.context_type, contextId: r.context_id, userId: r.user_id, roles: JSON.parse(r.roles) as string[] }));
}

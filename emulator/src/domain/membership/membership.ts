// Memberships: a user's roles in a context (system, instance, org, project or project grant).
// Permissions follow from the roles, where the membership is (auth/permissions.ts). Context and user id together are unique (spec SvcMemberships).

import type { Core } from "../core.js";
import type { Database } from "../../store/database.js";
import type { StoredEvent } from "../../store/event-store.js";
import type { Projections } from "../../store/projections.js";

export type ContextType = "system" | "instance" | "org" | "project" | "project_grant";
export const CONTEXT_TYPES: ContextType[] = ["system", "instance", "org", "project", "project_grant"];

/**
 * A context a membership is in: system, instance or org (the settings contexts), or below an org a
 * project or a project grant, which carry the org and project they belong to.
 */
export interface MemberContext {
  type: ContextType;
  id: string;
  instanceId?: string;
  orgId?: string;
  projectId?: string;
}

export interface Membership {
  changedAt?: string;
  sequence?: number;
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
  const changed = (db: Database, e: StoredEvent) => {
    db.stmt("UPDATE memberships SET roles = ?, changed_at = ?, sequence = ? WHERE context_type = ? AND context_id = ? AND user_id = ?").run(
      JSON.stringify(e.payload.roles),
      e.createdAt,
      e.aggregateSequence,
      e.payload.contextType,
      e.payload.contextId,
      e.payload.userId,
    );
  };
  const removed = (db: Database, e: StoredEvent) => {
    db.stmt("DELETE FROM memberships WHERE context_type = ? AND context_id = ? AND user_id = ?").run(e.payload.contextType, e.payload.contextId, e.payload.userId);
  };
  p.register(["memberships"], Object.fromEntries(CONTEXT_TYPES.flatMap((t) => [[`${t}.member.added`, added], [`${t}.member.changed`, changed], [`${t}.member.removed`, removed]])));
}

/** One event about a membership: `<context type>.member.<what>` on the context's aggregate. */
export function membershipEvent(instanceId: string, m: Membership, what: "added" | "changed" | "removed", creator: string) {
  return {
    instanceId,
    aggregateType: m.contextType,
    aggregateId: m.contextId,
    type: `${m.contextType}.member.${what}`,
    payload: { contextType: m.contextType, contextId: m.contextId, userId: m.userId, roles: m.roles },
    creator,
    resourceOwner: m.contextId,
  };
}

export function addMembership(core: Core, instanceId: string, m: Membership, creator: string): void {
  core.events.push([membershipEvent(instanceId, m, "added", creator)]);
}

/** A membership's id: context type, context id and user id, which together are unique. */
export const membershipId = (m: Pick<Membership, "contextType" | "contextId" | "userId">) => `${m.contextType}.${m.contextId}.${m.userId}`;

interface MembershipRow {
  context_type: ContextType;
  context_id: string;
  user_id: string;
  roles: string;
  changed_at: string;
  sequence: number;
}

const fromRow = (r: MembershipRow): Membership => ({ contextType: r.context_type, contextId: r.context_id, userId: r.user_id, roles: JSON.parse(r.roles) as string[], changedAt: r.changed_at, sequence: r.sequence });

export function getMembership(db: Database, id: string): Membership | undefined {
  const [type, contextId, userId] = id.split(".");
  const r = db.stmt("SELECT * FROM memberships WHERE context_type = ? AND context_id = ? AND user_id = ?").get(type, contextId, userId) as MembershipRow | undefined;
  return r && fromRow(r);
}

/** Memberships visible from an instance: its own, its orgs', and the system's of its users. */
export function membershipsOfInstance(db: Database, instanceId: string): Membership[] {
  return (db.stmt("SELECT * FROM memberships WHERE instance_id = ? ORDER BY created_at, user_id").all(instanceId) as MembershipRow[]).map(fromRow);
}

export function membershipsOf(db: Database, userId: string): Membership[] {
  return (db.stmt("SELECT * FROM memberships WHERE user_id = ?").all(userId) as MembershipRow[]).map(fromRow);
}

// Reads of memberships: by id, an instance's, a user's, a context's.

import type { Database } from "../../store/database.js";
import type { PageRequest } from "../../store/paged-search.js";
import { membershipFromRow, type ContextType, type Membership, type MembershipRow } from "./membership.js";

export function getMembership(db: Database, instanceId: string, id: string): Membership | undefined {
  const [type, contextId, userId] = id.split(".");
  const r = db
    .stmt("SELECT * FROM memberships WHERE instance_id = ? AND context_type = ? AND context_id = ? AND user_id = ?")
    .get(instanceId, type, contextId, userId) as MembershipRow | undefined;
  return r && membershipFromRow(r);
}

/** Memberships visible from an instance: its own, its orgs', and the system's of its users. */
export function membershipsOfInstance(db: Database, instanceId: string): Membership[] {
  return (db.stmt("SELECT * FROM memberships WHERE instance_id = ? ORDER BY created_at, user_id").all(instanceId) as MembershipRow[]).map(membershipFromRow);
}

export function membershipsOf(db: Database, instanceId: string, userId: string): Membership[] {
  return (db.stmt("SELECT * FROM memberships WHERE instance_id = ? AND user_id = ?").all(instanceId, userId) as MembershipRow[]).map(membershipFromRow);
}

/** The memberships in one context (an org, a project, a project grant), oldest first. */
export function membershipsIn(db: Database, instanceId: string, contextType: ContextType, contextId: string): Membership[] {
  return (
    db
      .stmt("SELECT * FROM memberships WHERE instance_id = ? AND context_type = ? AND context_id = ? ORDER BY created_at, user_id")
      .all(instanceId, contextType, contextId) as MembershipRow[]
  ).map(membershipFromRow);
}

export interface MembershipFilters {
  /** Only this context's memberships. */
  context?: { type: ContextType; id: string };
  userIds?: string[];
  /** An undefined type (the request named none the API knows) matches nothing. */
  contextTypes?: (ContextType | undefined)[];
}

/**
 * One page of an instance's memberships that `readable` lets the caller see (the scope depends on
 * each membership's context, so it is applied to the rows), oldest first unless the page says otherwise.
 */
export function searchMemberships(
  db: Database,
  instanceId: string,
  readable: (m: Membership) => boolean,
  filters: MembershipFilters,
  page: PageRequest,
): { total: number; memberships: Membership[] } {
  const { context, userIds = [], contextTypes = [] } = filters;
  const all = membershipsOfInstance(db, instanceId).filter(
    (m) =>
      (!context || (m.contextType === context.type && m.contextId === context.id)) &&
      readable(m) &&
      userIds.every((id) => m.userId === id) &&
      contextTypes.every((t) => m.contextType === t),
  );
  const ordered = page.asc ? all : [...all].reverse();
  return { total: all.length, memberships: ordered.slice(page.offset, page.offset + page.limit) };
}

// Reads of login sessions: by id, the open ones of a user agent, the list of an instance, and a
// session's sequence (its number of events) for the resource API's details.

import type { Database } from "../../store/database.js";
import { LOGIN_SESSION } from "./events.js";
import type { LoginSession } from "./login-session.js";

interface Row {
  id: string;
  instance_id: string;
  user_agent_id: string;
  user_id: string;
  auth_time: string;
  amr: string;
  terminated_at: string | null;
}

const fromRow = (r: Row): LoginSession => ({
  id: r.id,
  instanceId: r.instance_id,
  userAgentId: r.user_agent_id,
  userId: r.user_id,
  authTime: r.auth_time,
  amr: JSON.parse(r.amr) as string[],
  terminatedAt: r.terminated_at,
});

export function getLoginSession(db: Database, instanceId: string, id: string): LoginSession | undefined {
  const r = db.stmt("SELECT * FROM login_sessions WHERE instance_id = ? AND id = ?").get(instanceId, id) as Row | undefined;
  return r && fromRow(r);
}

export function activeSessions(db: Database, instanceId: string, userAgentId: string | undefined): LoginSession[] {
  if (!userAgentId) return [];
  const rows = db
    .stmt("SELECT * FROM login_sessions WHERE instance_id = ? AND user_agent_id = ? AND terminated_at IS NULL ORDER BY created_at DESC")
    .all(instanceId, userAgentId) as Row[];
  return rows.map(fromRow);
}

export function listLoginSessions(db: Database, instanceId: string | undefined): LoginSession[] {
  const rows = (
    instanceId
      ? db.stmt("SELECT * FROM login_sessions WHERE instance_id = ? ORDER BY created_at DESC").all(instanceId)
      : db.stmt("SELECT * FROM login_sessions ORDER BY created_at DESC").all()
  ) as Row[];
  return rows.map(fromRow);
}

/** The session's aggregate sequence (1 when it has no event, as before it was stored). The instance is part of
 * the lookup: the events' unique index starts with it, and without it every event would be scanned. */
export function loginSessionSequence(db: Database, instanceId: string, id: string): number {
  const row = db
    .stmt("SELECT MAX(aggregate_sequence) AS s FROM events WHERE instance_id = ? AND aggregate_type = ? AND aggregate_id = ?")
    .get(instanceId, LOGIN_SESSION, id) as { s: number | null };
  return row.s ?? 1;
}

/** A filter of SvcSessions' search: all given filters must hold. */
export type LoginSessionFilter = { userId: string } | { active: boolean };

/** The instance's sessions matching every filter, newest first (oldest first with `asc`). */
export function searchLoginSessions(db: Database, instanceId: string, filters: LoginSessionFilter[], asc: boolean): LoginSession[] {
  const matching = listLoginSessions(db, instanceId).filter((s) =>
    filters.every((f) => ("userId" in f ? s.userId === f.userId : !s.terminatedAt === f.active)),
  );
  return asc ? matching.reverse() : matching;
}

// Login sessions of a user agent (browser): who signed in there, when and how. The user agent is
// known by a cookie, whose value is sealed in the events (store/sealed.ts); one agent can hold
// sessions of several users (the account chooser).

import { randomBytes } from "node:crypto";
import type { Core } from "../domain/core.js";
import type { Projections } from "../store/projections.js";
import { seal, unseal } from "../store/sealed.js";

export const USER_AGENT_COOKIE = "svc_emulator_user_agent";

export interface LoginSession {
  id: string;
  instanceId: string;
  userAgentId: string;
  userId: string;
  authTime: string;
  amr: string[];
  terminatedAt: string | null;
}

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

export function registerLoginSessionProjection(p: Projections): void {
  p.register(["login_sessions"], {
    "login_session.added": (db, e) => {
      db.stmt("INSERT INTO login_sessions (id, instance_id, user_agent_id, user_id, auth_time, amr, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
        e.aggregateId,
        e.instanceId,
        unseal(db, e.payload.userAgentId),
        e.payload.userId,
        e.createdAt,
        JSON.stringify(e.payload.amr),
        e.createdAt,
      );
    },
    "login_session.terminated": (db, e) => {
      db.stmt("UPDATE login_sessions SET terminated_at = COALESCE(terminated_at, ?) WHERE id = ?").run(e.createdAt, e.aggregateId);
    },
  });
}

export const newUserAgentId = () => randomBytes(24).toString("base64url");

/** Signs a user in on a user agent: a new session, ending an earlier one of the same user there. */
export function addLoginSession(core: Core, instanceId: string, userAgentId: string, userId: string, amr: string[]): LoginSession {
  const id = core.ids.next();
  const earlier = activeSessions(core, instanceId, userAgentId).filter((s) => s.userId === userId);
  core.events.push([
    ...earlier.map((s) => terminatedEvent(s, userId)),
    { instanceId, aggregateType: "login_session", aggregateId: id, type: "login_session.added", payload: { userAgentId: seal(core.db, userAgentId), userId, amr }, creator: userId, resourceOwner: instanceId },
  ]);
  return getLoginSession(core, id)!;
}

export function terminatedEvent(s: LoginSession, creator: string) {
  return { instanceId: s.instanceId, aggregateType: "login_session", aggregateId: s.id, type: "login_session.terminated", payload: {}, creator, resourceOwner: s.instanceId };
}

export function getLoginSession(core: Core, id: string): LoginSession | undefined {
  const r = core.db.stmt("SELECT * FROM login_sessions WHERE id = ?").get(id) as Row | undefined;
  return r && fromRow(r);
}

export function activeSessions(core: Core, instanceId: string, userAgentId: string | undefined): LoginSession[] {
  if (!userAgentId) return [];
  const rows = core.db.stmt("SELECT * FROM login_sessions WHERE instance_id = ? AND user_agent_id = ? AND terminated_at IS NULL ORDER BY created_at DESC").all(instanceId, userAgentId) as Row[];
  return rows.map(fromRow);
}

export function listLoginSessions(core: Core, instanceId: string | undefined): LoginSession[] {
  const rows = (instanceId ? core.db.stmt("SELECT * FROM login_sessions WHERE instance_id = ? ORDER BY created_at DESC").all(instanceId) : core.db.stmt("SELECT * FROM login_sessions ORDER BY created_at DESC").all()) as Row[];
  return rows.map(fromRow);
}

// login_session.added / login_session.terminated -> the login_sessions table (the user agent opened).

import type { Projections } from "../../store/projections.js";
import { unseal } from "../../store/sealed.js";
import { LoginSessionAdded, LoginSessionTerminated } from "./events.js";

export function registerLoginSessionProjection(p: Projections): void {
  p.tables("login_sessions")
    .on(LoginSessionAdded, (db, e) => {
      db.stmt("INSERT INTO login_sessions (id, instance_id, user_agent_id, user_id, auth_time, amr, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
        e.aggregateId,
        e.instanceId,
        unseal(db, e.payload.userAgentId),
        e.payload.userId,
        e.createdAt,
        JSON.stringify(e.payload.amr),
        e.createdAt,
      );
    })
    .on(LoginSessionTerminated, (db, e) => {
      db.stmt("UPDATE login_sessions SET terminated_at = COALESCE(terminated_at, ?) WHERE id = ?").run(e.createdAt, e.aggregateId);
    });
}

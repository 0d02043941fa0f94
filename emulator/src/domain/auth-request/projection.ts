// oidc.auth_request.* -> the auth_requests table (the code opened).

import type { Projections } from "../../store/projections.js";
import { unseal } from "../../store/sealed.js";
import { AuthRequestAdded, AuthRequestCodeExchanged, AuthRequestSucceeded } from "./events.js";

export function registerAuthRequestProjection(p: Projections): void {
  p.tables("auth_requests")
    .on(AuthRequestAdded, (db, e) => {
      db.stmt("INSERT INTO auth_requests (id, instance_id, client_id, request, created_at) VALUES (?, ?, ?, ?, ?)").run(
        e.aggregateId,
        e.instanceId,
        e.payload.clientId,
        JSON.stringify(e.payload),
        e.createdAt,
      );
    })
    .on(AuthRequestSucceeded, (db, e) => {
      db.stmt("UPDATE auth_requests SET session_id = ?, code = ?, code_expires_at = ? WHERE id = ?").run(
        e.payload.sessionId,
        unseal(db, e.payload.code) ?? null,
        e.payload.codeExpiresAt ?? null,
        e.aggregateId,
      );
    })
    .on(AuthRequestCodeExchanged, (db, e) => {
      db.stmt("UPDATE auth_requests SET code_used = 1 WHERE id = ?").run(e.aggregateId);
    });
}

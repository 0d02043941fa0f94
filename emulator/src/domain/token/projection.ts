// oidc.token.added / oidc.token.revoked -> the tokens table (values opened).

import type { Projections } from "../../store/projections.js";
import { TokenAdded, TokenRevoked } from "./events.js";
import { openTokenValue } from "./value.js";
import { hot } from "../../store/hot-statements.js";

/** Every token issued runs it (hot). */
const INSERT_TOKEN = hot(`INSERT INTO tokens (id, token_id, instance_id, kind, client_id, user_id, session_id, auth_request_id, refresh_token_id,
           scope, audience, format, auth_time, amr, expires_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);

export function registerTokenProjection(p: Projections): void {
  p.tables("tokens")
    .on(TokenAdded, (db, e) => {
      const t = e.payload;
      db.stmt(INSERT_TOKEN).run(
        openTokenValue(db, t.token) ?? e.aggregateId,
        e.aggregateId,
        e.instanceId,
        t.kind,
        t.clientId,
        t.userId,
        t.sessionId ?? null,
        t.authRequestId ?? null,
        openTokenValue(db, t.refreshTokenId) ?? null,
        t.scope.join(" "),
        JSON.stringify(t.audience),
        t.format,
        t.authTime ?? null,
        // No amr (absent, or [] in older events) is stored as NULL, which tokenFromRow reads as [].
        t.amr?.length ? JSON.stringify(t.amr) : null,
        t.expiresAt,
        e.createdAt,
      );
    })
    .on(TokenRevoked, (db, e) => {
      db.stmt("UPDATE tokens SET revoked_at = COALESCE(revoked_at, ?) WHERE token_id = ? OR (token_id IS NULL AND id = ?)").run(
        e.createdAt,
        e.aggregateId,
        e.aggregateId,
      );
    });
}

// Reads of tokens: by value, by the grant they belong to, and the control API's list.

import type { Clock } from "../../kernel/clock.js";
import type { Database } from "../../store/database.js";
import { OIDC_TOKEN } from "./events.js";
import { tokenFromRow, type TokenRecord, type TokenRow } from "./token.js";
import { mayBeStoredValue } from "./value.js";
import { hot } from "../../store/hot-statements.js";

/** Introspection, userinfo and revocation read a presented token (hot). */
const TOKEN_BY_VALUE = hot("SELECT * FROM tokens WHERE id = ?");

export function getToken(db: Database, value: string): TokenRecord | undefined {
  if (!mayBeStoredValue(db, value)) return undefined;
  const r = db.stmt(TOKEN_BY_VALUE).get(value) as TokenRow | undefined;
  return r && tokenFromRow(r);
}

/** Events that change what a stored token record is (revocation; instance removal; pruning calls changed() too). */
const TOKEN_STALE_ON = [OIDC_TOKEN, "instance"];

/**
 * A presented token's record, cached until a token event is projected (a revocation is seen at once),
 * on reset, restore and rollback; expiry is still checked on the clock by every caller (isActive).
 * Unknown values are not cached, so guessing cannot grow the cache.
 */
export function cachedToken(db: Database, value: string): TokenRecord | undefined {
  return db.cachedFor(
    TOKEN_STALE_ON,
    `token:${value}`,
    () => getToken(db, value),
    (t) => t !== undefined,
  );
}

export function isActive(clock: Clock, t: TokenRecord | undefined): t is TokenRecord {
  return !!t && !t.revokedAt && Date.parse(t.expiresAt) > clock.nowMs();
}

export function tokensWhere(db: Database, column: "refresh_token_id" | "session_id" | "auth_request_id", value: string): TokenRecord[] {
  return (db.stmt(`SELECT * FROM tokens WHERE ${column} = ?`).all(value) as TokenRow[]).map(tokenFromRow);
}

/** A token and, for a refresh token, the access tokens issued with it: what revoking it ends. */
export function tokenWithDependents(db: Database, t: TokenRecord): TokenRecord[] {
  return t.kind === "refresh" ? [t, ...tokensWhere(db, "refresh_token_id", t.id)] : [t];
}

export function listTokens(db: Database, instanceId: string | undefined): TokenRecord[] {
  const rows = instanceId
    ? db.stmt("SELECT * FROM tokens WHERE instance_id = ? ORDER BY created_at DESC").all(instanceId)
    : db.stmt("SELECT * FROM tokens ORDER BY created_at DESC").all();
  return (rows as TokenRow[]).map(tokenFromRow);
}

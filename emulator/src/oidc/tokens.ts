// Tokens (spec "Token response", wire-facts 6.5, 6.6): opaque or JWT access tokens, opaque refresh
// tokens and ID tokens, stored with their grant so introspection, userinfo and revocation can
// check them; lifetimes on the emulator clock. A token's events name it by a public id (`tokenId`):
// the token's value (the opaque bearer, the key of the tokens table) is sealed in its event
// (store/sealed.ts), as is the value of the refresh token it belongs to.

import { createHash, randomBytes } from "node:crypto";
import { SignJWT } from "jose";
import type { Core } from "../domain/core.js";
import type { Instance } from "../domain/instance/instance.js";
import type { SigningKeys } from "./keys.js";
import { seal, unseal } from "../store/sealed.js";
import type { Database } from "../store/database.js";

export const ACCESS_TOKEN_LIFETIME_S = 12 * 3600;
export const ID_TOKEN_LIFETIME_S = 12 * 3600;
export const REFRESH_IDLE_LIFETIME_S = 30 * 24 * 3600;
export const REFRESH_ABSOLUTE_LIFETIME_S = 90 * 24 * 3600;

export interface TokenRecord {
  /** The token's value: the opaque bearer token, or the jti of a JWT. */
  id: string;
  /** The id its events carry; null for tokens stored before it existed (their events carry the value). */
  tokenId: string | null;
  instanceId: string;
  kind: "access" | "refresh";
  clientId: string;
  userId: string;
  sessionId: string | null;
  authRequestId: string | null;
  refreshTokenId: string | null;
  scope: string[];
  audience: string[];
  format: "opaque" | "jwt";
  authTime: string | null;
  amr: string[];
  expiresAt: string;
  revokedAt: string | null;
  createdAt: string;
  /** A machine user's personal access token, seen as an access token (introspection, userinfo). */
  personal?: boolean;
}

interface TokenRow {
  id: string;
  token_id: string | null;
  instance_id: string;
  kind: "access" | "refresh";
  client_id: string;
  user_id: string;
  session_id: string | null;
  auth_request_id: string | null;
  refresh_token_id: string | null;
  scope: string;
  audience: string;
  format: "opaque" | "jwt";
  auth_time: string | null;
  amr: string | null;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
}

const fromRow = (r: TokenRow): TokenRecord => ({
  id: r.id,
  tokenId: r.token_id,
  instanceId: r.instance_id,
  kind: r.kind,
  clientId: r.client_id,
  userId: r.user_id,
  sessionId: r.session_id,
  authRequestId: r.auth_request_id,
  refreshTokenId: r.refresh_token_id,
  scope: r.scope ? r.scope.split(" ") : [],
  audience: JSON.parse(r.audience) as string[],
  format: r.format,
  authTime: r.auth_time,
  amr: r.amr ? (JSON.parse(r.amr) as string[]) : [],
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
  createdAt: r.created_at,
});

export function registerTokenProjection(p: import("../store/projections.js").Projections): void {
  p.register(["tokens"], {
    "oidc.token.added": (db, e) => {
      const t = e.payload as Record<string, unknown>;
      db.stmt(
        `INSERT INTO tokens (id, token_id, instance_id, kind, client_id, user_id, session_id, auth_request_id, refresh_token_id, scope, audience, format, auth_time, amr, expires_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        unseal(db, t.token) ?? e.aggregateId,
        e.aggregateId,
        e.instanceId,
        t.kind,
        t.clientId,
        t.userId,
        t.sessionId ?? null,
        t.authRequestId ?? null,
        unseal(db, t.refreshTokenId) ?? null,
        (t.scope as string[]).join(" "),
        JSON.stringify(t.audience),
        t.format,
        t.authTime ?? null,
        JSON.stringify(t.amr ?? []),
        t.expiresAt,
        e.createdAt,
      );
    },
    "oidc.token.revoked": (db, e) => {
      db.stmt("UPDATE tokens SET revoked_at = COALESCE(revoked_at, ?) WHERE token_id = ? OR (token_id IS NULL AND id = ?)").run(e.createdAt, e.aggregateId, e.aggregateId);
    },
  });
}

export const newTokenValue = () => randomBytes(32).toString("base64url");

export function getToken(core: Core, id: string): TokenRecord | undefined {
  const r = core.db.stmt("SELECT * FROM tokens WHERE id = ?").get(id) as TokenRow | undefined;
  return r && fromRow(r);
}

export function isActive(core: Core, t: TokenRecord | undefined): t is TokenRecord {
  return !!t && !t.revokedAt && Date.parse(t.expiresAt) > core.clock.nowMs();
}

export function tokensWhere(core: Core, column: "refresh_token_id" | "session_id" | "auth_request_id", value: string): TokenRecord[] {
  return (core.db.stmt(`SELECT * FROM tokens WHERE ${column} = ?`).all(value) as TokenRow[]).map(fromRow);
}

export function listTokens(core: Core, instanceId: string | undefined): TokenRecord[] {
  const rows = instanceId ? core.db.stmt("SELECT * FROM tokens WHERE instance_id = ? ORDER BY created_at DESC").all(instanceId) : core.db.stmt("SELECT * FROM tokens ORDER BY created_at DESC").all();
  return (rows as TokenRow[]).map(fromRow);
}

/** The event of a new token `value`, named by the public `tokenId`. */
export function tokenAddedEvent(db: Database, instanceId: string, tokenId: string, value: string, t: Omit<TokenRecord, "id" | "tokenId" | "instanceId" | "revokedAt" | "createdAt">) {
  const payload = { ...t, token: seal(db, value), refreshTokenId: t.refreshTokenId === null ? null : seal(db, t.refreshTokenId) };
  return { instanceId, aggregateType: "oidc_token", aggregateId: tokenId, type: "oidc.token.added", payload, creator: t.userId, resourceOwner: instanceId };
}

export function revokeEvents(tokens: TokenRecord[], creator: string) {
  return tokens
    .filter((t) => !t.revokedAt)
    .map((t) => ({ instanceId: t.instanceId, aggregateType: "oidc_token", aggregateId: t.tokenId ?? t.id, type: "oidc.token.revoked", payload: { kind: t.kind }, creator, resourceOwner: t.instanceId }));
}

/** at_hash / c_hash: base64url of the left half of the SHA-256 of the value (OIDC Core 3.1.3.6). */
export function halfHash(value: string): string {
  return createHash("sha256").update(value).digest().subarray(0, 16).toString("base64url");
}

export async function signJwt(keys: SigningKeys, instance: Instance, claims: Record<string, unknown>, typ = "JWT"): Promise<string> {
  const key = keys.active(instance.id);
  return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: key.kid, typ }).sign(key.privateKey);
}

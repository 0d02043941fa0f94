// Tokens the OIDC provider issued (spec "Token response", wire-facts 6.5, 6.6): opaque or JWT access
// tokens and opaque refresh tokens, stored with their grant so introspection, userinfo and
// revocation can check them. A token's events name it by a public id (`tokenId`): the token's value
// (the opaque bearer, the key of the tokens table) is sealed in its event (store/sealed.ts), as is
// the value of the refresh token it belongs to; tokens issued since the values carry their id
// (domain/token/value.ts) hold no value in their event at all, only what makes it again with the key.

import type { DerivedValue } from "./value.js";

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

/** The claims an action's function added to the tokens of one issuance, by name (kept in the token's added event). */
export interface ActionClaims {
  /** By preaccesstoken, to the JWT access token. */
  accessToken: string[];
  /** By preuserinfo, to the ID token issued with it. */
  idToken: string[];
}

/** What a new token is: its value, its public id, and its grant. */
export type NewToken = Omit<TokenRecord, "id" | "tokenId" | "instanceId" | "revokedAt" | "createdAt" | "personal"> & {
  value: string;
  tokenId: string;
  /** How its event names the value (domain/token/value.ts); absent: the value is sealed in the event. */
  derived?: DerivedValue;
  /** The same for the refresh token it belongs to. */
  refreshDerived?: DerivedValue;
  actionClaims?: ActionClaims;
};

export interface TokenRow {
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

export const tokenFromRow = (r: TokenRow): TokenRecord => ({
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

// Resolving a presented access token, opaque or JWT, to its stored record, so revocation and
// logout are seen even for JWTs (spec "Other endpoint parameters": introspection). A machine
// user's personal access token is an access token too: the product accepts PATs at userinfo and
// introspection ("PAT + introspection"), with the scopes it gives every PAT.

import { findPersonalAccessToken } from "../domain/user/queries.js";
import type { OidcContext } from "./issue.js";
import { verifyOwnJwt } from "./own-jwt.js";
import { getToken, isActive, type TokenRecord } from "./tokens.js";

/** The scopes of every personal access token (the product's PAT scopes, renamed). */
export const PAT_SCOPES = ["openid", "profile", "urn:svc:iam:user:metadata", "urn:svc:iam:user:resourceowner"];
/** A PAT without an expiration date never expires; the product reports 9999-12-31 as its expiry. */
const NEVER = "9999-12-31T00:00:00.000Z";

export async function findToken(ctx: OidcContext, value: string): Promise<TokenRecord | undefined> {
  if (value.split(".").length === 3) {
    const claims = await verifyOwnJwt(ctx, value);
    return claims?.jti ? getToken(ctx.core, claims.jti) : undefined;
  }
  return getToken(ctx.core, value);
}

/** A personal access token as an access token record: issued to no client, no audience of its own. */
function personalToken(ctx: OidcContext, value: string): TokenRecord | undefined {
  const pat = findPersonalAccessToken(ctx.core.db, value);
  if (!pat) return undefined;
  return {
    id: pat.id,
    tokenId: pat.id,
    instanceId: pat.instanceId,
    kind: "access",
    clientId: "",
    userId: pat.userId,
    sessionId: null,
    authRequestId: null,
    refreshTokenId: null,
    scope: PAT_SCOPES,
    audience: [],
    format: "opaque",
    authTime: null,
    amr: [],
    expiresAt: pat.expiresAt ?? NEVER,
    revokedAt: null,
    createdAt: pat.createdAt,
    personal: true,
  };
}

/** The active access token (or personal access token) of this instance behind `value`, or undefined. */
export async function activeAccessToken(ctx: OidcContext, value: string): Promise<TokenRecord | undefined> {
  const t = (await findToken(ctx, value)) ?? personalToken(ctx, value);
  return t && t.kind === "access" && t.instanceId === ctx.instance.id && isActive(ctx.core, t) ? t : undefined;
}

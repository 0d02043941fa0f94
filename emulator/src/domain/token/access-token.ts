// Resolving a presented access token, opaque or JWT, to its stored record, so revocation and
// logout are seen even for JWTs (spec "Other endpoint parameters": introspection). A machine
// user's personal access token is an access token too: the product accepts PATs at userinfo and
// introspection ("PAT + introspection"), with the scopes it gives every PAT. Used by the OIDC
// endpoints and by the resource API's authentication (auth/bearer-token.ts).

import type { Core } from "../core.js";
import { findPersonalAccessToken } from "../user/queries.js";
import { verifyOwnJwt } from "../signing-key/verify.js";
import { cachedToken, isActive } from "./queries.js";
import type { TokenRecord } from "./token.js";

/** The scopes of every personal access token (the product's PAT scopes, renamed). */
export const PAT_SCOPES = ["openid", "profile", "urn:svc:iam:user:metadata", "urn:svc:iam:user:resourceowner"];
/** A PAT without an expiration date never expires; the product reports 9999-12-31 as its expiry. */
const NEVER = "9999-12-31T00:00:00.000Z";

/** Where a token was presented: the instance and the issuer its JWTs carry. */
export interface TokenAudience {
  instanceId: string;
  issuer: string;
}

export async function findToken(core: Core, at: TokenAudience, value: string): Promise<TokenRecord | undefined> {
  if (value.split(".").length === 3) {
    const claims = await verifyOwnJwt(core, at.instanceId, at.issuer, value);
    return claims?.jti ? cachedToken(core.db, claims.jti) : undefined;
  }
  return cachedToken(core.db, value);
}

/** A personal access token as an access token record: issued to no client, no audience of its own. */
function personalToken(core: Core, instanceId: string, value: string): TokenRecord | undefined {
  const pat = findPersonalAccessToken(core.db, instanceId, value);
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
export async function activeAccessToken(core: Core, at: TokenAudience, value: string): Promise<TokenRecord | undefined> {
  const t = (await findToken(core, at, value)) ?? personalToken(core, at.instanceId, value);
  return t && t.kind === "access" && t.instanceId === at.instanceId && isActive(core.clock, t) ? t : undefined;
}

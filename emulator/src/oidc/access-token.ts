// Resolving a presented access token, opaque or JWT, to its stored record, so revocation and
// logout are seen even for JWTs (spec "Other endpoint parameters": introspection).

import type { OidcContext } from "./issue.js";
import { verifyOwnJwt } from "./own-jwt.js";
import { getToken, isActive, type TokenRecord } from "./tokens.js";

export async function findToken(ctx: OidcContext, value: string): Promise<TokenRecord | undefined> {
  if (value.split(".").length === 3) {
    const claims = await verifyOwnJwt(ctx, value);
    return claims?.jti ? getToken(ctx.core, claims.jti) : undefined;
  }
  return getToken(ctx.core, value);
}

/** The active access token of this instance behind `value`, or undefined. */
export async function activeAccessToken(ctx: OidcContext, value: string): Promise<TokenRecord | undefined> {
  const t = await findToken(ctx, value);
  return t && t.kind === "access" && t.instanceId === ctx.instance.id && isActive(ctx.core, t) ? t : undefined;
}

// Verifying JWTs this provider signed (id_token_hint, JWT access tokens) with its published keys.

import { createLocalJWKSet, jwtVerify, type JWTPayload } from "jose";
import type { OidcContext } from "./issue.js";

export async function verifyOwnJwt(ctx: OidcContext, jwt: string, opts: { allowExpired?: boolean } = {}): Promise<JWTPayload | undefined> {
  const keys = createLocalJWKSet({ keys: ctx.keys.published(ctx.instance.id) as never });
  try {
    const { payload } = await jwtVerify(jwt, keys, {
      issuer: ctx.issuer,
      algorithms: ["RS256"],
      currentDate: ctx.core.clock.now(),
      ...(opts.allowExpired ? { clockTolerance: "100 years" } : {}),
    });
    return payload;
  } catch {
    return undefined;
  }
}

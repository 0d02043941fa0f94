// Verifying JWTs this provider signed (id_token_hint, JWT access tokens) with its published keys.

import type { JWTPayload } from "jose";
import { verifyOwnJwt as verify } from "../domain/signing-key/verify.js";
import type { OidcContext } from "./issue.js";

export function verifyOwnJwt(ctx: OidcContext, jwt: string, opts: { allowExpired?: boolean } = {}): Promise<JWTPayload | undefined> {
  return verify(ctx.core, ctx.instance.id, ctx.issuer, jwt, opts);
}

// Verifying JWTs an instance's provider signed (id_token_hint, JWT access tokens) with its
// published keys, on the emulator clock.

import { jwtVerify, type JWTPayload } from "jose";
import type { Core } from "../core.js";

export async function verifyOwnJwt(
  core: Core,
  instanceId: string,
  issuer: string,
  jwt: string,
  opts: { allowExpired?: boolean } = {},
): Promise<JWTPayload | undefined> {
  const keys = core.keys.verificationKeys(instanceId);
  if (!keys) return undefined;
  try {
    const { payload } = await jwtVerify(jwt, keys, {
      issuer,
      algorithms: ["RS256"],
      currentDate: core.clock.now(),
      ...(opts.allowExpired ? { clockTolerance: "100 years" } : {}),
    });
    return payload;
  } catch {
    return undefined;
  }
}

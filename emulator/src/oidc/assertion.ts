// Verifying a JWT a client or machine user signed (client assertions, JWT profile grants) against
// their registered public keys. They sign with their real clock, so an assertion valid at real time
// or at emulator time passes: advancing the emulator clock must not break them.

import { importJWK, jwtVerify, type JWK, type JWTVerifyOptions } from "jose";
import type { Core } from "../domain/core.js";

export interface RegisteredKey {
  id: string;
  jwk: object;
  expiresAt: string | null;
}

/** True when one of `keys` (unexpired on the emulator clock) verifies `jwt` with `options`. */
export async function verifiedByRegisteredKey(
  core: Core,
  jwt: string,
  keys: RegisteredKey[],
  options: Omit<JWTVerifyOptions, "currentDate" | "algorithms">,
): Promise<boolean> {
  for (const key of keys) {
    if (key.expiresAt && Date.parse(key.expiresAt) <= core.clock.nowMs()) continue;
    const jwk = await importJWK(key.jwk as JWK, "RS256");
    for (const currentDate of [new Date(), core.clock.now()]) {
      try {
        await jwtVerify(jwt, jwk, { ...options, currentDate, algorithms: ["RS256"] });
        return true;
      } catch {
        /* the other time, then the next key */
      }
    }
  }
  return false;
}

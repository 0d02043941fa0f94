// Verifying a JWT a client or machine user signed (client assertions, JWT profile grants) against
// their registered public keys. They sign with their real clock, so an assertion valid at real time
// or at emulator time passes: advancing the emulator clock must not break them.

import { importJWK, jwtVerify, type CryptoKey, type JWK, type JWTVerifyOptions } from "jose";
import type { Core } from "../domain/core.js";

// Imported keys by their JWK's JSON: the same content is the same key, so nothing to invalidate when
// a key is removed (it is simply never asked for again); bounded so changing keys cannot grow it.
const IMPORTED_MAX = 256;
const imported = new Map<string, Promise<CryptoKey | Uint8Array>>();

function importOnce(jwk: object): Promise<CryptoKey | Uint8Array> {
  const id = JSON.stringify(jwk);
  let key = imported.get(id);
  if (!key) {
    if (imported.size >= IMPORTED_MAX) imported.delete(imported.keys().next().value!);
    key = importJWK(jwk as JWK, "RS256");
    key.catch(() => imported.delete(id)); // a key that does not import is tried again, and throws again
    imported.set(id, key);
  }
  return key;
}

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
    const jwk = await importOnce(key.jwk);
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

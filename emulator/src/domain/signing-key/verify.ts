// Verifying JWTs an instance's provider signed (id_token_hint, JWT access tokens) with its
// published keys, on the emulator clock.

import { createLocalJWKSet, jwtVerify, type JWTPayload } from "jose";
import type { Core } from "../core.js";
import { publishedKeysAt } from "./queries.js";

export async function verifyOwnJwt(
  core: Core,
  instanceId: string,
  issuer: string,
  jwt: string,
  opts: { allowExpired?: boolean } = {},
): Promise<JWTPayload | undefined> {
  // Read, not core.keys.published(): that makes the first key, and checking a hint stores nothing.
  // No key yet means nothing was signed, so nothing verifies.
  const published = publishedKeysAt(core.db, instanceId, core.clock.now().toISOString());
  if (published.length === 0) return undefined;
  const keys = createLocalJWKSet({ keys: published as never });
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

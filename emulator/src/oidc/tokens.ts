// Tokens as the OIDC provider makes them (spec "Token response", wire-facts 6.5, 6.6): lifetimes on
// the emulator clock, opaque values, at_hash / c_hash, and JWTs signed with the instance's key. The
// stored tokens are the token aggregate (domain/token/).

import { createHash, sign } from "node:crypto";
import { randomPooled } from "../kernel/random-pool.js";
import type { Instance } from "../domain/instance/instance.js";
import type { SigningKeys } from "../domain/signing-key/signing-key.js";

export const ACCESS_TOKEN_LIFETIME_S = 12 * 3600;
export const ID_TOKEN_LIFETIME_S = 12 * 3600;
export const REFRESH_IDLE_LIFETIME_S = 30 * 24 * 3600;
export const REFRESH_ABSOLUTE_LIFETIME_S = 90 * 24 * 3600;

/** A random value: for a token id the derived format cannot carry (domain/token/value.ts). */
export const randomTokenValue = () => randomPooled(32).toString("base64url");

/** at_hash / c_hash: base64url of the left half of the SHA-256 of the value (OIDC Core 3.1.3.6). */
export function halfHash(value: string): string {
  return createHash("sha256").update(value).digest().subarray(0, 16).toString("base64url");
}

const b64url = (json: unknown) => Buffer.from(JSON.stringify(json)).toString("base64url");

/** The encoded JOSE header per kid and typ: it changes only with a rotation. Bounded, as kids come and go. */
const headers = new Map<string, string>();
function encodedHeader(kid: string, typ: string): string {
  const k = `${kid} ${typ}`;
  let h = headers.get(k);
  if (h === undefined) {
    if (headers.size >= 16) headers.clear();
    h = b64url({ alg: "RS256", kid, typ });
    headers.set(k, h);
  }
  return h;
}

/**
 * A compact JWS, RS256 with the instance's active key (RFC 7515). Signed with node:crypto directly:
 * RSASSA-PKCS1-v1_5 is deterministic, so the token is byte for byte what jose's SignJWT makes, at
 * about 60 % of its CPU time on Node 20 (no WebCrypto round trip). The RSA operation (about 260 µs,
 * most of a JWT token's cost) runs on the thread pool (node:crypto's callback form), so the main
 * thread serves other requests meanwhile and a second core signs: same CPU per token, more tokens per second.
 * The instance's first key (or the next, after a rotation) is recorded while the pool signs with it: its
 * event costs this thread about 0.35 ms, which the first token no longer waits for on top of its signature.
 */
export async function signJwt(keys: SigningKeys, instance: Instance, claims: Record<string, unknown>, typ = "JWT"): Promise<string> {
  await keys.whenReady();
  const { key, record } = keys.signer(instance.id);
  let signed: Promise<string>;
  try {
    const input = `${encodedHeader(key.kid, typ)}.${b64url(claims)}`;
    signed = new Promise<string>((resolve, reject) =>
      sign("sha256", Buffer.from(input), key.privateKey, (err, sig) => (err ? reject(err) : resolve(`${input}.${sig.toString("base64url")}`))),
    );
  } catch (e) {
    record?.(); // a new key is stored all the same: its kid and pair are given out
    throw e;
  }
  try {
    record?.();
  } catch (e) {
    signed.catch(() => undefined); // the key was not stored: the token is not answered, its signature not awaited
    throw e;
  }
  return signed;
}

// Signature verification in the browser with WebCrypto against the instance's published keys (no
// library): the precise reason when it fails (no kid, key rotated out, unsupported alg, mismatch).

import type { Decoded } from "./jwt";

export type Jwk = Record<string, unknown>;

export interface Verification {
  ok: boolean;
  message: string;
  /** The JWK the header's kid names, when the key set has it. */
  key?: Jwk;
}

const ALGS: Record<string, RsaHashedImportParams | EcKeyImportParams> = {
  RS256: { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
  RS384: { name: "RSASSA-PKCS1-v1_5", hash: "SHA-384" },
  RS512: { name: "RSASSA-PKCS1-v1_5", hash: "SHA-512" },
  ES256: { name: "ECDSA", namedCurve: "P-256" },
};
const HASH_OF: Record<string, string> = { ES256: "SHA-256" };

export async function verifySignature(token: Decoded, keys: Jwk[]): Promise<Verification> {
  if (!token.header) return { ok: false, message: "Not verified: the header cannot be decoded" };
  const alg = String(token.header.alg ?? "");
  const kid = token.header.kid;
  const key = typeof kid === "string" ? keys.find((k) => k.kid === kid) : undefined;
  if (alg === "none") return { ok: false, message: "Not verified: alg is none (an unsigned token)" };
  if (typeof kid !== "string") return { ok: false, message: "Not verified: the header has no kid, so no key of the JWKS is named" };
  if (!key) return { ok: false, message: `Not verified: key ${kid} is not in the instance's JWKS (key rotated out, or another issuer's key)` };
  const params = ALGS[alg];
  if (!params) return { ok: false, key, message: `Not verified: alg ${alg} is not supported here (RS256, RS384, RS512, ES256)` };
  if (key.alg && key.alg !== alg) return { ok: false, key, message: `Not verified: the header says ${alg}, key ${kid} is for ${String(key.alg)}` };
  if (!token.signature || !token.payload) return { ok: false, key, message: "Not verified: the token is malformed" };
  try {
    const crypto = window.crypto.subtle;
    const imported = await crypto.importKey("jwk", key as JsonWebKey, params, false, ["verify"]);
    const [header, payload] = token.raw.split(".");
    const data = new TextEncoder().encode(`${header}.${payload}`);
    const verifyParams = params.name === "ECDSA" ? { name: "ECDSA", hash: HASH_OF[alg]! } : params;
    const ok = await crypto.verify(verifyParams, imported, token.signature as BufferSource, data);
    return ok
      ? { ok, key, message: `Signature verified with key ${kid} (${alg})` }
      : { ok, key, message: `Signature does not match key ${kid}: the header or payload was changed, or another key signed it` };
  } catch (e) {
    return { ok: false, key, message: `Not verified: key ${kid} could not be used (${(e as Error).message})` };
  }
}

/** at_hash / c_hash: the left half of the SHA-256 (for RS256/ES256) of the value, base64url. */
export async function leftHalfHash(value: string): Promise<string> {
  const digest = new Uint8Array(await window.crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)));
  const half = digest.slice(0, digest.length / 2);
  return btoa(String.fromCharCode(...half))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

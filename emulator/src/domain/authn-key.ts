// Keys of machine users (JWT profile) and apps (private_key_jwt): the caller's public key, or a pair
// the server generates, whose private half leaves once inside the key file the product's client
// libraries read ({"type":"serviceaccount"|"application","keyId","key":"<PEM>",…}).

import { generateKeyPairSync } from "node:crypto";

export interface GeneratedKey {
  publicJwk: object;
  /** PKCS#1 PEM ("RSA PRIVATE KEY"), as the product writes it into key files. */
  privatePem: string;
}

/** A new RSA 2048 key pair for RS256 assertions. */
export function generateKey(): GeneratedKey {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { publicJwk: publicKey.export({ format: "jwk" }), privatePem: privateKey.export({ type: "pkcs1", format: "pem" }) as string };
}

/** The key file as bytes (key_details), fields in the product's order. */
export function keyFile(fields: Record<string, string>): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(fields));
}

// Reads of signing keys: every key of an instance, newest first, with its lifetimes. The key ring
// (keys/key-ring.ts) caches them and picks the one that signs and the ones published at a time.

import type { Database } from "../../store/database.js";
import type { PublicJwk } from "./signing-key.js";
import { hot } from "../../store/hot-statements.js";

export interface StoredSigningKey {
  kid: string;
  /** The private JWK as JSON (opened; the event holds it sealed). */
  privateJwk: string;
  publicJwk: PublicJwk;
  /** ISO times, compared as strings with the emulator clock's ISO time. */
  signUntil: string;
  publishUntil: string;
}

interface KeyRow {
  kid: string;
  private_jwk: string;
  public_jwk: string;
  sign_until: string;
  publish_until: string;
}

/** Every key of an instance, newest first (hot: the first JWT and the key set read it). */
const SIGNING_KEYS_OF = hot(
  "SELECT kid, private_jwk, public_jwk, sign_until, publish_until FROM signing_keys WHERE instance_id = ? ORDER BY created_at DESC, kid DESC",
);

/** Every key of the instance, newest first. */
export function signingKeysOf(db: Database, instanceId: string): StoredSigningKey[] {
  const rows = db.stmt(SIGNING_KEYS_OF).all(instanceId) as KeyRow[];
  return rows.map((r) => ({
    kid: r.kid,
    privateJwk: r.private_jwk,
    publicJwk: JSON.parse(r.public_jwk) as PublicJwk,
    signUntil: r.sign_until,
    publishUntil: r.publish_until,
  }));
}

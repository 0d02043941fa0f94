// Reads of signing keys: the one that signs at a time, and the ones published at a time.

import { createPrivateKey, type JsonWebKey } from "node:crypto";
import type { Database } from "../../store/database.js";
import type { PublicJwk, SigningKey } from "./signing-key.js";

interface KeyRow {
  kid: string;
  private_jwk: string;
  public_jwk: string;
}

/** The newest key of the instance that still signs at `now` (ISO). */
export function signingKeyAt(db: Database, instanceId: string, now: string): SigningKey | undefined {
  const row = db
    .stmt("SELECT kid, private_jwk, public_jwk FROM signing_keys WHERE instance_id = ? AND sign_until > ? ORDER BY created_at DESC, kid DESC LIMIT 1")
    .get(instanceId, now) as KeyRow | undefined;
  if (!row) return undefined;
  return {
    kid: row.kid,
    privateKey: createPrivateKey({ key: JSON.parse(row.private_jwk) as JsonWebKey, format: "jwk" }),
    publicJwk: JSON.parse(row.public_jwk) as PublicJwk,
  };
}

/** The public keys of the instance still published at `now` (ISO), newest first. */
export function publishedKeysAt(db: Database, instanceId: string, now: string): PublicJwk[] {
  const rows = db
    .stmt("SELECT public_jwk FROM signing_keys WHERE instance_id = ? AND publish_until > ? ORDER BY created_at DESC, kid DESC")
    .all(instanceId, now) as { public_jwk: string }[];
  return rows.map((r) => JSON.parse(r.public_jwk) as PublicJwk);
}

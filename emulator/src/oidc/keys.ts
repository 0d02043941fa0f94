// Signing keys (wire-facts 6.6): RS256, 2048 bits, stored in SQLite with a kid. A key signs for 6h
// and stays published for 30h after it was made, so tokens signed with it still verify; both on
// the emulator clock. Rotation also on demand. Making a key costs ~50 ms, so one is prepared in
// the background after start and used when the first key is needed. The private key is sealed in
// its event (store/sealed.ts).

import { generateKeyPair, generateKeyPairSync, createPrivateKey, type KeyObject, type JsonWebKey } from "node:crypto";
import type { Core } from "../domain/core.js";
import type { Projections } from "../store/projections.js";
import { seal, unseal } from "../store/sealed.js";

export const SIGN_LIFETIME_MS = 6 * 3600_000;
export const PUBLISH_LIFETIME_MS = 30 * 3600_000;

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicJwk: JsonWebKey & { kid: string; alg: string; use: string };
}

interface KeyRow {
  kid: string;
  private_jwk: string;
  public_jwk: string;
}

export function registerSigningKeyProjection(p: Projections): void {
  p.register(["signing_keys"], {
    "signing_key.added": (db, e) => {
      db.stmt("INSERT INTO signing_keys (kid, instance_id, private_jwk, public_jwk, created_at, sign_until, publish_until) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
        e.aggregateId,
        e.instanceId,
        unseal(db, e.payload.privateJwk),
        JSON.stringify(e.payload.publicJwk),
        e.createdAt,
        e.payload.signUntil,
        e.payload.publishUntil,
      );
    },
  });
}

type Pair = { privateJwk: JsonWebKey; publicJwk: JsonWebKey };

function exportPair(privateKey: KeyObject, publicKey: KeyObject): Pair {
  return { privateJwk: privateKey.export({ format: "jwk" }), publicJwk: publicKey.export({ format: "jwk" }) };
}

export class SigningKeys {
  private prepared: Pair | undefined;

  constructor(private readonly core: Core) {}

  /** Makes one key pair in the background, for the first token. */
  prepare(): void {
    generateKeyPair("rsa", { modulusLength: 2048 }, (err, publicKey, privateKey) => {
      if (!err) this.prepared = exportPair(privateKey, publicKey);
    });
  }

  private makeKey(instanceId: string): SigningKey {
    const pair = this.prepared ?? (() => {
      const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      return exportPair(privateKey, publicKey);
    })();
    this.prepared = undefined;
    const kid = this.core.ids.next();
    const now = this.core.clock.nowMs();
    const publicJwk = { ...pair.publicJwk, kid, alg: "RS256", use: "sig" };
    this.core.events.push([
      {
        instanceId,
        aggregateType: "signing_key",
        aggregateId: kid,
        type: "signing_key.added",
        payload: { privateJwk: seal(this.core.db, JSON.stringify(pair.privateJwk)), publicJwk, signUntil: new Date(now + SIGN_LIFETIME_MS).toISOString(), publishUntil: new Date(now + PUBLISH_LIFETIME_MS).toISOString() },
        creator: "SYSTEM",
        resourceOwner: instanceId,
      },
    ]);
    return { kid, privateKey: createPrivateKey({ key: pair.privateJwk, format: "jwk" }), publicJwk: publicJwk as SigningKey["publicJwk"] };
  }

  /** The key that signs now; a new one when the newest has stopped signing. */
  active(instanceId: string): SigningKey {
    const now = this.core.clock.now().toISOString();
    const row = this.core.db.stmt("SELECT kid, private_jwk, public_jwk FROM signing_keys WHERE instance_id = ? AND sign_until > ? ORDER BY created_at DESC, kid DESC LIMIT 1").get(instanceId, now) as
      | KeyRow
      | undefined;
    if (!row) return this.makeKey(instanceId);
    return { kid: row.kid, privateKey: createPrivateKey({ key: JSON.parse(row.private_jwk) as JsonWebKey, format: "jwk" }), publicJwk: JSON.parse(row.public_jwk) as SigningKey["publicJwk"] };
  }

  /** The published keys: every key still inside its publication lifetime, newest first. */
  published(instanceId: string): SigningKey["publicJwk"][] {
    this.active(instanceId);
    const now = this.core.clock.now().toISOString();
    const rows = this.core.db.stmt("SELECT public_jwk FROM signing_keys WHERE instance_id = ? AND publish_until > ? ORDER BY created_at DESC, kid DESC").all(instanceId, now) as { public_jwk: string }[];
    return rows.map((r) => JSON.parse(r.public_jwk) as SigningKey["publicJwk"]);
  }

  /** Rotation on demand: a new key signs from now on; older ones stay published. */
  rotate(instanceId: string): SigningKey {
    return this.makeKey(instanceId);
  }
}

// The key ring of the OIDC provider (Core.keys): finds the key that signs now and makes one when
// there is none. Making a key costs 100 to 800 ms, so one is prepared in the background (the
// command's is started before its bundle loads, key-pair.ts) and used when the first key is needed.
//
// Keys are read and turned into key objects once per rotation, not per token: the instance's keys
// live in the database's cache (Database.cachedFor), forgotten when a signing key event is projected
// and on reset, snapshot restore and a rolled-back transaction. Reusing
// one KeyObject lets jose reuse its WebCrypto import (about half the cost of an RS256 sign on
// Node 20); the local JWK set for verification is likewise made once per set of published keys.

import { createPrivateKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from "node:crypto";
import { createLocalJWKSet, type JWTVerifyGetKey } from "jose";
import type { Core, Origin } from "../core.js";
import { addSigningKey, type KeyPair } from "./commands.js";
import { exportPair, makeKeyPair, takeFirstKeyPair } from "./key-pair.js";
import { SIGNING_KEY } from "./events.js";
import { signingKeysOf, type StoredSigningKey } from "./queries.js";
import type { PublicJwk, SigningKey, SigningKeys } from "./signing-key.js";

/** One instance's keys as cached: the rows, their key objects and verification sets made on first use. */
interface CachedKeys {
  stored: StoredSigningKey[];
  privateKeys: Map<string, KeyObject>;
  /** The published JWKs and their verification set, for the kids joined by a space. */
  published?: { kids: string; jwks: PublicJwk[]; verify: JWTVerifyGetKey };
}

export class KeyRing implements SigningKeys {
  private prepared: KeyPair | undefined;
  private preparing: Promise<void> | undefined;

  constructor(private readonly core: Core) {}

  /** Makes a pair in the background, or takes the one the command started first (key-pair.ts). */
  prepare(): void {
    this.preparing = (takeFirstKeyPair() ?? makeKeyPair()).then((pair) => {
      this.prepared = pair;
      this.preparing = undefined;
    });
  }

  whenReady(): Promise<void> {
    return this.preparing ?? Promise.resolve();
  }

  private makeKey(instanceId: string, origin: Origin): SigningKey {
    const pair =
      this.prepared ??
      (() => {
        const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
        return exportPair(privateKey, publicKey);
      })();
    this.prepared = undefined;
    const key = addSigningKey(this.core, { instanceId, userId: "SYSTEM", origin }, pair);
    this.keysOf(instanceId).privateKeys.set(key.kid, key.privateKey);
    return key;
  }

  private keysOf(instanceId: string): CachedKeys {
    return this.core.db.cachedFor([SIGNING_KEY], `signing-keys:${instanceId}`, () => ({
      stored: signingKeysOf(this.core.db, instanceId),
      privateKeys: new Map(),
    }));
  }

  active(instanceId: string): SigningKey {
    const now = this.core.clock.now().toISOString();
    const keys = this.keysOf(instanceId);
    const newest = keys.stored.find((k) => k.signUntil > now);
    if (!newest) return this.makeKey(instanceId, "oidc");
    let privateKey = keys.privateKeys.get(newest.kid);
    if (!privateKey) {
      try {
        privateKey = createPrivateKey({ key: JSON.parse(newest.privateJwk) as JsonWebKey, format: "jwk" });
      } catch (e) {
        this.core.db.invalidateCache(); // a key that does not open is read again next time, not kept
        throw e;
      }
      keys.privateKeys.set(newest.kid, privateKey);
    }
    return { kid: newest.kid, privateKey, publicJwk: newest.publicJwk };
  }

  private publishedSet(instanceId: string, makeFirst = true): NonNullable<CachedKeys["published"]> {
    if (makeFirst) this.active(instanceId);
    const now = this.core.clock.now().toISOString();
    const keys = this.keysOf(instanceId);
    const live = keys.stored.filter((k) => k.publishUntil > now);
    const kids = live.map((k) => k.kid).join(" ");
    if (keys.published?.kids !== kids) {
      const jwks = live.map((k) => k.publicJwk);
      keys.published = { kids, jwks, verify: createLocalJWKSet({ keys: jwks as never }) };
    }
    return keys.published;
  }

  published(instanceId: string): PublicJwk[] {
    return this.publishedSet(instanceId).jwks;
  }

  verificationKeys(instanceId: string): JWTVerifyGetKey | undefined {
    // Reads only: checking a token (an id_token_hint) must not make the instance's first key, so a
    // refused request stores nothing. No key means nothing was signed, so nothing verifies.
    const set = this.publishedSet(instanceId, false);
    return set.jwks.length > 0 ? set.verify : undefined;
  }

  rotate(instanceId: string, origin: Origin = "oidc"): SigningKey {
    return this.makeKey(instanceId, origin);
  }
}

// The key ring of the OIDC provider (Core.keys, built before the core from its other parts): finds the key that signs now and makes one when
// there is none. Making a key costs 40 to 550 ms, so the first one is prepared: taken at start from
// the stock of pairs earlier starts made (key-stock.ts), else made in the background (the command's
// is started before its bundle loads when the stock is empty, key-pair.ts). A pair the command made
// while a stocked one was there goes into the stock; a stock that runs low is filled by a process of
// the command's own at the lowest priority (stock-maker.ts), or in a library host by one more pair on
// the thread pool. So the stock fills once per machine, and a start's first JWT waits for none.
//
// Keys are read and turned into key objects once per rotation, not per token: the instance's keys
// live in the database's cache (Database.cachedFor), forgotten when a signing key event is projected
// and on reset, snapshot restore and a rolled-back transaction. Reusing
// one KeyObject lets jose reuse its WebCrypto import (about half the cost of an RS256 sign on
// Node 20); the local JWK set for verification is likewise made once per set of published keys.

import { createPrivateKey, generateKeyPairSync, type JsonWebKey, type KeyObject } from "node:crypto";
import { createLocalJWKSet, type JWTVerifyGetKey } from "jose";
import type { KeyRingCore, Origin } from "../domain/core.js";
import { addSigningKey, signingKeyOf, type KeyPair } from "../domain/signing-key/commands.js";
import { SIGNING_KEY } from "../domain/signing-key/events.js";
import { signingKeysOf, type StoredSigningKey } from "../domain/signing-key/queries.js";
import type { PublicJwk, SigningKey, SigningKeys } from "../domain/signing-key/signing-key.js";
import { commandFillsStock, exportPair, makeKeyPair, takeFirstKeyPair, warm, type MadePair } from "./key-pair.js";
import { KeyStock } from "./key-stock.js";

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
  private stock: KeyStock | undefined;
  private closed = false;

  constructor(private readonly core: KeyRingCore) {}

  /** The first pair: a stocked one at once (the one the command started goes into the stock), else the one being made (key-pair.ts). */
  prepare(): void {
    this.stock = KeyStock.open();
    const first = takeFirstKeyPair();
    const stocked = this.stock?.claim();
    if (stocked) {
      this.prepared = this.use(stocked);
      if (first)
        void first.then((made) => {
          this.toStock(made);
          this.topUp();
        });
      else this.topUp();
      return;
    }
    this.preparing = (first ?? makeKeyPair()).then((made) => {
      this.prepared = made && this.use(made);
      this.preparing = undefined;
      this.topUp();
    });
  }

  whenReady(): Promise<void> {
    return this.preparing ?? Promise.resolve();
  }

  /** No stock writes from here on: the emulator is closing. */
  close(): void {
    this.closed = true;
  }

  private use(pair: MadePair): KeyPair {
    warm(pair.privateKey);
    return exportPair(pair);
  }

  private toStock(made: MadePair | undefined): void {
    if (made && !this.closed) this.stock?.store(made.privateKey);
  }

  /**
   * Once the first key is in hand, one more pair for a stock that runs low, made on the thread pool (a pair
   * being made when the emulator closes is lost). Not in the command, which started a process that fills
   * the stock (bin/key-stock-process.cjs).
   */
  private topUp(): void {
    if (this.stock && !this.closed && this.stock.low() && !commandFillsStock()) this.makeForStock();
  }

  /** A pair for the stock, made on the thread pool: for the one a key was just taken out, or one missing. */
  private makeForStock(): void {
    if (this.stock && !this.closed) void makeKeyPair().then((made) => this.toStock(made));
  }

  /** A key after the first (a rotation, after a reset): a stocked pair when there is one, replaced in the background; else made here. */
  private nextPair(): KeyPair {
    const stocked = this.stock?.claim();
    if (stocked) {
      this.makeForStock();
      return exportPair(stocked);
    }
    return exportPair(generateKeyPairSync("rsa", { modulusLength: 2048 }));
  }

  private makeKey(instanceId: string, origin: Origin): SigningKey {
    const made = this.newKey(instanceId, origin);
    made.record();
    return made.key;
  }

  /** A new key under a kid given out now, and the step that appends its event (the pair is this key's from here on). */
  private newKey(instanceId: string, origin: Origin): { key: SigningKey; record: () => void } {
    const pair = this.prepared ?? this.nextPair();
    this.prepared = undefined;
    const key = signingKeyOf(pair, this.core.ids.next());
    const record = () => {
      addSigningKey(this.core, { instanceId, userId: "SYSTEM", origin }, { ...pair, privateKey: key.privateKey }, { id: key.kid });
      this.keysOf(instanceId).privateKeys.set(key.kid, key.privateKey);
    };
    return { key, record };
  }

  private keysOf(instanceId: string): CachedKeys {
    return this.core.db.cachedFor([SIGNING_KEY], `signing-keys:${instanceId}`, () => ({
      stored: signingKeysOf(this.core.db, instanceId),
      privateKeys: new Map(),
    }));
  }

  active(instanceId: string): SigningKey {
    const { key, record } = this.signer(instanceId);
    record?.();
    return key;
  }

  signer(instanceId: string): { key: SigningKey; record?: () => void } {
    const now = this.core.clock.now().toISOString();
    const keys = this.keysOf(instanceId);
    const newest = keys.stored.find((k) => k.signUntil > now);
    if (!newest) return this.newKey(instanceId, "oidc");
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
    return { key: { kid: newest.kid, privateKey, publicJwk: newest.publicJwk } };
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

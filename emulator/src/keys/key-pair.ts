// Making an RSA key pair for the key ring (key-ring.ts) on the thread pool. Making one takes 40 to
// 550 ms of one core here (a random search for primes), longer than a start: so the command
// (bin/svc-emulator.cjs) starts its first pair before it even compiles its bundle, on the second core
// while the main thread loads and starts, and leaves it under FIRST_PAIR; the key ring of the first
// emulator takes it, once: no two emulators (and no two starts) ever hold the same key. When the key
// ring could take a pair from the stock of earlier starts (key-stock.ts), this one goes into the stock.

import { generateKeyPair, sign, type KeyObject } from "node:crypto";
import type { KeyPair } from "../domain/signing-key/commands.js";

/** Where the command leaves the pair it started: a promise of `{ publicKey, privateKey }` key objects, or undefined when it failed. */
const FIRST_PAIR = Symbol.for("svc-emulator.firstKeyPair");

/** A pair as node:crypto makes it. */
export interface MadePair {
  publicKey: KeyObject;
  privateKey: KeyObject;
}

export function exportPair({ privateKey, publicKey }: MadePair): KeyPair {
  return { privateJwk: privateKey.export({ format: "jwk" }), publicJwk: publicKey.export({ format: "jwk" }), privateKey };
}

/** The threads of libuv's pool (its default, or UV_THREADPOOL_SIZE as libuv reads it: 1 to 1024). */
const POOL_SIZE = Math.min(1024, Math.max(1, Number.parseInt(process.env.UV_THREADPOOL_SIZE ?? "", 10) || 4));

/**
 * Signs with the key on every thread of the pool at once, as tokens are signed (oidc/tokens.ts): the
 * first signature a pool thread makes with a key costs about twice a later one (OpenSSL's RSA blinding
 * and the thread's random generator are made then), so the first tokens would pay for it. Measured on
 * Node 20, the first signature after warming: 1.2 ms without, 0.75 ms after two (two threads of four
 * warmed), 0.4 ms after four, against 0.29 ms later.
 */
export function warm(privateKey: KeyObject): void {
  for (let i = 0; i < POOL_SIZE; i++) sign("sha256", Buffer.alloc(1), privateKey, () => {});
}

/** A new 2048-bit pair made on the thread pool; undefined when it could not be made (the key ring then makes one when needed). */
export function makeKeyPair(): Promise<MadePair | undefined> {
  return new Promise((done) =>
    generateKeyPair("rsa", { modulusLength: 2048 }, (err, publicKey, privateKey) => done(err ? undefined : { publicKey, privateKey })),
  );
}

/** Set by the command (bin/svc-emulator.cjs), which starts a process of its own to fill the stock of signing keys. */
const FILLS_STOCK = Symbol.for("svc-emulator.fillsKeyStock");

/** Whether the command fills the stock of signing keys at start (the key ring then adds nothing to it for its first key). */
export function commandFillsStock(): boolean {
  return (globalThis as { [FILLS_STOCK]?: boolean })[FILLS_STOCK] === true;
}

/** The pair the command started (bin/svc-emulator.cjs), to the first caller only; undefined in a library host. */
export function takeFirstKeyPair(): Promise<MadePair | undefined> | undefined {
  const slot = globalThis as { [FIRST_PAIR]?: Promise<MadePair | undefined> };
  const made = slot[FIRST_PAIR];
  delete slot[FIRST_PAIR];
  return made;
}

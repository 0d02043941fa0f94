// Making an RSA key pair for the key ring (key-ring.ts) on the thread pool. Making one takes 40 to
// 550 ms of one core here (a random search for primes), longer than a start: so the command
// (bin/svc-emulator.cjs) starts its first pair before it even compiles its bundle, on the second core
// while the main thread loads and starts, and leaves it under FIRST_PAIR; the key ring of the first
// emulator takes it, once: no two emulators (and no two starts) ever hold the same key. When the key
// ring could take a pair from the stock of earlier starts (key-stock.ts), this one goes into the stock.

import { generateKeyPair, sign, type KeyObject } from "node:crypto";
import type { KeyPair } from "./commands.js";

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

/**
 * Signs twice at once with the key on the thread pool, as tokens are signed (oidc/tokens.ts). OpenSSL
 * makes a key's RSA blinding on its first signature, owned by that thread, and a shared one on the
 * first signature from any other thread: two at once (on two pool threads) make both, in the
 * background, instead of the first tokens. Measured on Node 20: a key's first pool signature 0.6 to
 * 1.1 ms against 0.3 later, after one warming signature (or one on the main thread, as this did before)
 * still 0.6 ms, after two 0.3 ms.
 */
export function warm(privateKey: KeyObject): void {
  for (let i = 0; i < 2; i++) sign("sha256", Buffer.alloc(1), privateKey, () => {});
}

/** A new 2048-bit pair made on the thread pool; undefined when it could not be made (the key ring then makes one when needed). */
export function makeKeyPair(): Promise<MadePair | undefined> {
  return new Promise((done) =>
    generateKeyPair("rsa", { modulusLength: 2048 }, (err, publicKey, privateKey) => done(err ? undefined : { publicKey, privateKey })),
  );
}

/** The pair the command started (bin/svc-emulator.cjs), to the first caller only; undefined in a library host. */
export function takeFirstKeyPair(): Promise<MadePair | undefined> | undefined {
  const slot = globalThis as { [FIRST_PAIR]?: Promise<MadePair | undefined> };
  const made = slot[FIRST_PAIR];
  delete slot[FIRST_PAIR];
  return made;
}

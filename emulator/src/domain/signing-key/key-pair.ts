// Making an RSA key pair for the key ring (key-ring.ts) on the thread pool. Making one takes 100 to
// 800 ms of one core here (a random search for primes), longer than a start: so the command
// (bin/svc-emulator.cjs) starts its first pair before it even compiles its bundle, on the second core
// while the main thread loads and starts, and leaves it under FIRST_PAIR; the key ring of the first
// emulator takes it, once: no two emulators (and no two starts) ever hold the same key.

import { generateKeyPair, sign, type KeyObject } from "node:crypto";
import type { KeyPair } from "./commands.js";

/** Where the command leaves the pair it started: a promise of `{ publicKey, privateKey }` key objects, or undefined when it failed. */
const FIRST_PAIR = Symbol.for("svc-emulator.firstKeyPair");

interface Made {
  publicKey: KeyObject;
  privateKey: KeyObject;
}

export function exportPair(privateKey: KeyObject, publicKey: KeyObject): KeyPair {
  return { privateJwk: privateKey.export({ format: "jwk" }), publicJwk: publicKey.export({ format: "jwk" }), privateKey };
}

function finish({ publicKey, privateKey }: Made): KeyPair {
  sign("sha256", Buffer.alloc(1), privateKey); // warms the signing code, so the first token costs what a later one does
  return exportPair(privateKey, publicKey);
}

/** A new 2048-bit pair made on the thread pool; undefined when it could not be made (the key ring then makes one when needed). */
export function makeKeyPair(): Promise<KeyPair | undefined> {
  return new Promise((done) =>
    generateKeyPair("rsa", { modulusLength: 2048 }, (err, publicKey, privateKey) => done(err ? undefined : finish({ publicKey, privateKey }))),
  );
}

/** The pair the command started (bin/svc-emulator.cjs), to the first caller only; undefined in a library host. */
export function takeFirstKeyPair(): Promise<KeyPair | undefined> | undefined {
  const slot = globalThis as { [FIRST_PAIR]?: Promise<Made | undefined> };
  const made = slot[FIRST_PAIR];
  delete slot[FIRST_PAIR];
  return made?.then((pair) => pair && finish(pair));
}

// The command's first signing key pair (bin/svc-emulator.cjs starts it before it loads the bundle and
// leaves it under a global symbol): the first emulator of the process takes it, once; every other
// emulator makes its own, so no two emulators ever publish the same key.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { request, startTestEmulator } from "../helpers/emulator.js";

const SLOT = Symbol.for("svc-emulator.firstKeyPair");
const slot = globalThis as { [SLOT]?: Promise<unknown> };

async function publishedModulus(url: string): Promise<string[]> {
  const res = await request(`${url}/oauth/v2/keys`);
  assert.equal(res.status, 200, res.text);
  return (res.body as { keys: { n: string }[] }).keys.map((k) => k.n);
}

describe("the command's first key pair", () => {
  it("signs for the first emulator of the process only", async () => {
    const made = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const modulus = made.publicKey.export({ format: "jwk" }).n;
    slot[SLOT] = Promise.resolve(made);
    const first = await startTestEmulator();
    assert.equal(slot[SLOT], undefined, "taken by the first emulator");
    assert.deepEqual(await publishedModulus(first.url), [modulus]);

    const second = await startTestEmulator();
    const [other] = await publishedModulus(second.url);
    assert.ok(other && other !== modulus, "the second emulator makes its own pair");
  });

  it("a pair the command failed to make leaves the emulator to make one", async () => {
    slot[SLOT] = Promise.resolve(undefined);
    const emu = await startTestEmulator();
    assert.equal((await publishedModulus(emu.url)).length, 1);
  });
});

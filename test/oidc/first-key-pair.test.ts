// The command's first signing key pair (bin/svc-emulator.cjs starts it before it loads the bundle and
// leaves it under a global symbol): the first emulator of the process takes it, once; every other
// emulator makes its own, so no two emulators ever publish the same key. When the first emulator
// could take a key from the stock (key-stock.test.ts), the command's pair goes into the stock instead.

import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request, startTestEmulator } from "../helpers/emulator.js";

const SLOT = Symbol.for("svc-emulator.firstKeyPair");
const slot = globalThis as { [SLOT]?: Promise<unknown> };

async function publishedModulus(url: string): Promise<string[]> {
  const res = await request(`${url}/oauth/v2/keys`);
  assert.equal(res.status, 200, res.text);
  return (res.body as { keys: { n: string }[] }).keys.map((k) => k.n);
}

describe("the command's first key pair", () => {
  it("signs for the first emulator of the process only (no stock)", async () => {
    process.env.SVC_EMULATOR_KEY_STOCK = "off";
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

  it("goes into the stock when the first emulator took a stocked key", async () => {
    const stock = mkdtempSync(join(tmpdir(), "svc-emulator-stock-test-"));
    after(() => rmSync(stock, { recursive: true, force: true }));
    const stocked = generateKeyPairSync("rsa", { modulusLength: 2048 });
    writeFileSync(join(stock, "stocked.pem"), stocked.privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
    const made = generateKeyPairSync("rsa", { modulusLength: 2048 });
    slot[SLOT] = Promise.resolve(made);
    process.env.SVC_EMULATOR_KEY_STOCK = stock;
    const emu = await startTestEmulator();
    assert.deepEqual(await publishedModulus(emu.url), [stocked.publicKey.export({ format: "jwk" }).n]);
    const modulusOf = (name: string) => createPrivateKey(readFileSync(join(stock, name))).export({ format: "jwk" }).n;
    const want = made.publicKey.export({ format: "jwk" }).n;
    for (const end = Date.now() + 5000; !readdirSync(stock).some((n) => n.endsWith(".pem") && modulusOf(n) === want); ) {
      assert.ok(Date.now() < end, "the command's pair was stocked");
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it("a pair the command failed to make leaves the emulator to make one", async () => {
    slot[SLOT] = Promise.resolve(undefined);
    const emu = await startTestEmulator();
    assert.equal((await publishedModulus(emu.url)).length, 1);
  });
});

// The stock of signing key pairs (keys/key-stock.ts): a start takes a pair an earlier
// start made, so its first JWT waits for none; each stocked key serves one emulator, once, and is
// gone from disk when taken; the pair the start made refills the stock. A stock that cannot be
// trusted or is turned off is not used, and bad files in it never fail a start.

import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createPublicKey, generateKeyPairSync } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeProtectedHeader, jwtVerify } from "jose";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { withJwtMachine } from "../helpers/fixtures.js";

const POSIX = process.platform !== "win32";
const fixtures = withJwtMachine("stock-jwt");

const temps: string[] = [];
after(() => {
  for (const t of temps) rmSync(t, { recursive: true, force: true });
});

function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), "svc-emulator-stock-test-"));
  temps.push(root);
  return root;
}

/** A new stock folder (mode 0700) holding the given files, at `dir` under a new temporary folder. */
function stockWith(files: Record<string, string> = {}, dir = join(tempRoot(), "signing-keys")): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text, { mode: 0o600 });
  return dir;
}

/** A new RSA private key as PKCS#8 PEM, and its modulus as the JWKS carries it. */
function rsaKey(bits = 2048): { pem: string; n: string } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: bits });
  return { pem: privateKey.export({ type: "pkcs8", format: "pem" }) as string, n: publicKey.export({ format: "jwk" }).n! };
}

/** Starts an emulator with `stock` as SVC_EMULATOR_KEY_STOCK (read at start). */
function startWithStock(stock: string) {
  process.env.SVC_EMULATOR_KEY_STOCK = stock;
  return startTestEmulator({ fixtures });
}

async function jwt(url: string): Promise<string> {
  const res = await fetch(`${url}/oauth/v2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from("stock-jwt:stock-jwt-secret").toString("base64")}` },
    body: "grant_type=client_credentials&scope=profile",
  });
  const body = (await res.json()) as { access_token: string };
  assert.equal(res.status, 200, JSON.stringify(body));
  return body.access_token;
}

async function published(url: string): Promise<{ kid: string; n: string }[]> {
  const res = await request(`${url}/oauth/v2/keys`);
  assert.equal(res.status, 200, res.text);
  return (res.body as { keys: { kid: string; n: string }[] }).keys;
}

const pems = (dir: string) => readdirSync(dir).filter((n) => n.endsWith(".pem"));

async function until<T>(what: string, probe: () => T | undefined, ms = 15_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const v = probe();
    if (v !== undefined) return v;
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("the stock of signing keys", () => {
  it("signs with a stocked key, whose file is gone from the stock once the emulator started", async () => {
    const key = rsaKey();
    const stock = stockWith({ "stocked.pem": key.pem });
    const emu = await startWithStock(stock);
    assert.equal(existsSync(join(stock, "stocked.pem")), false, "claimed and removed at start");
    const token = await jwt(emu.url);
    await jwtVerify(token, createPublicKey(key.pem), { issuer: emu.issuer });
    const keys = await published(emu.url);
    assert.deepEqual(
      keys.map((k) => k.n),
      [key.n],
    );
    assert.equal(keys[0]!.kid, decodeProtectedHeader(token).kid);
  });

  it("gives one stocked key to one of two emulators started at once; the other makes its own", async () => {
    const key = rsaKey();
    const stock = stockWith({ "only.pem": key.pem });
    const [a, b] = await Promise.all([startWithStock(stock), startWithStock(stock)]);
    const [ka] = await published(a.url);
    const [kb] = await published(b.url);
    assert.notEqual(ka!.n, kb!.n);
    assert.equal([ka!.n, kb!.n].filter((n) => n === key.n).length, 1, "the stocked key serves exactly one of them");
  });

  it("refills: after a start that found none, a new key appears in the stock (file 0600, folder 0700), never the one in use", async () => {
    const stock = join(tempRoot(), "cache", "signing-keys"); // made by the emulator
    const emu = await startWithStock(stock);
    // What killed processes left between their two steps goes once it is a minute old; a younger one may be in flight.
    const old = new Date(Date.now() - 120_000);
    for (const name of ["a.pem.999.tmp", "b.pem.999-1.claimed", "young.pem.998.tmp"]) writeFileSync(join(stock, name), "x");
    for (const name of ["a.pem.999.tmp", "b.pem.999-1.claimed"]) utimesSync(join(stock, name), old, old);
    const [inUse] = await published(emu.url);
    const [file] = await until("a stocked key", () => (existsSync(stock) && pems(stock).length > 0 ? pems(stock) : undefined));
    if (POSIX) {
      assert.equal(statSync(join(stock, file!)).mode & 0o777, 0o600);
      assert.equal(statSync(stock).mode & 0o777, 0o700);
    }
    assert.deepEqual(
      readdirSync(stock).filter((n) => !n.endsWith(".pem")),
      ["young.pem.998.tmp"],
    );
    const next = await startWithStock(stock);
    const [taken] = await published(next.url);
    assert.notEqual(taken!.n, inUse!.n);
    assert.equal(existsSync(join(stock, file!)), false, "the next start took it");
  });

  it("stores nothing once the emulator is closed", async () => {
    const stock = stockWith({ "stocked.pem": rsaKey().pem });
    const emu = await startWithStock(stock);
    await emu.close(); // the pair this start is making would have replaced the key it took
    await new Promise((r) => setTimeout(r, 2500)); // longer than a pair takes to make here
    assert.deepEqual(readdirSync(stock), []);
  });

  it("off: neither the default folder nor any other is used", async (t) => {
    if (process.platform !== "linux") return t.skip("the default folder is checked on Linux");
    const key = rsaKey();
    const cache = join(tempRoot(), "xdg");
    const dflt = stockWith({ "stocked.pem": key.pem }, join(cache, "svc-emulator", "signing-keys"));
    const xdg = process.env.XDG_CACHE_HOME;
    const cwd = process.cwd();
    const here = tempRoot(); // `off` is no folder name: nothing may appear in the working folder either
    process.env.XDG_CACHE_HOME = cache;
    try {
      process.chdir(here);
      const off = await startWithStock("off");
      assert.notEqual((await published(off.url))[0]!.n, key.n);
      await jwt(off.url);
      assert.deepEqual(pems(dflt), ["stocked.pem"], "untouched");
      assert.deepEqual(readdirSync(here), []);
      // Without the setting, the same start takes it from $XDG_CACHE_HOME/svc-emulator/signing-keys.
      process.env.SVC_EMULATOR_KEY_STOCK = "";
      const on = await startTestEmulator({ fixtures });
      assert.equal((await published(on.url))[0]!.n, key.n);
    } finally {
      process.chdir(cwd);
      if (xdg === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = xdg;
    }
  });

  it("skips and removes a corrupt or foreign key file; the start is unaffected", async () => {
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }) as string;
    const small = rsaKey(1024);
    const stock = stockWith({ "torn.pem": "-----BEGIN PRIVATE KEY-----\nMIIE\n", "ec.pem": ec, "small.pem": small.pem, "notes.txt": "kept" });
    const emu = await startWithStock(stock);
    await jwt(emu.url);
    const [used] = await published(emu.url);
    assert.notEqual(used!.n, small.n);
    assert.ok(existsSync(join(stock, "notes.txt")), "a file that is no key is left alone");
    assert.deepEqual(
      ["torn.pem", "ec.pem", "small.pem"].filter((n) => existsSync(join(stock, n))),
      [],
      "each bad file was removed",
    );
  });

  it("does not use a folder group or others may write, nor one another user owns", async (t) => {
    if (!POSIX) return t.skip("POSIX modes");
    const key = rsaKey();
    const shared = stockWith({ "stocked.pem": key.pem });
    chmodSync(shared, 0o770);
    const emu = await startWithStock(shared);
    await jwt(emu.url);
    assert.notEqual((await published(emu.url))[0]!.n, key.n);
    assert.deepEqual(pems(shared), ["stocked.pem"]);

    if (process.getuid?.() !== 0) return; // only root can give a folder away
    const foreign = stockWith({ "stocked.pem": key.pem });
    chownSync(foreign, 4242, 4242);
    const other = await startWithStock(foreign);
    assert.notEqual((await published(other.url))[0]!.n, key.n);
    assert.deepEqual(pems(foreign), ["stocked.pem"]);
  });
});

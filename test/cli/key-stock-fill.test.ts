// The command fills the stock of signing keys from a process of its own (bin/key-stock-process.cjs,
// bin/stock-maker.cjs, emulator/src/keys/stock-maker.ts): at the lowest priority, and to
// the end even when the emulator that started it stopped at once, so a burst of short starts no longer
// empties the stock (on a busy machine a process at nice 19 waits for idle cores: the waits are long).
// A start that finds a key takes it and makes no pair of its own; the filler never makes a stock
// folder that is gone. Runs the bundled command (build it first: `node scripts/build.mjs`).

import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createPrivateKey } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { fillStock } from "../../emulator/src/keys/stock-maker.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const POSIX = process.platform !== "win32";
const tmp = mkdtempSync(join(tmpdir(), "svc-emulator-stock-fill-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

const pems = (dir: string) => readdirSync(dir).filter((n) => n.endsWith(".pem"));
const modulusOf = (file: string) => createPrivateKey(readFileSync(file)).export({ format: "jwk" }).n;

async function until<T>(what: string, probe: () => T | undefined, ms = 120_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 10))) {
    const v = probe();
    if (v !== undefined) return v;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Starts the command with `stock` as its stock, hands the ready line's URL to `use`, stops it. */
async function withCommand(stock: string, use: (url: string) => Promise<void> = async () => {}): Promise<void> {
  const child = spawn(process.execPath, ["bin/svc-emulator.cjs", "start", "--port", "0", "--in-memory", "--json"], {
    cwd: ROOT,
    env: { ...process.env, SVC_EMULATOR_KEY_STOCK: stock },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  try {
    const line = await new Promise<string>((resolve) => child.stdout.once("data", (d) => resolve(String(d).split("\n")[0] ?? "")));
    await use(JSON.parse(line).url);
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

/** The nice value of the process running bin/stock-maker.cjs for `stock`, seen while it runs (Linux). */
function fillerNice(stock: string): number | undefined {
  for (const pid of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (!cmdline.some((a) => a.endsWith("stock-maker.cjs")) || !cmdline.includes(stock)) continue;
      return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[16]);
    } catch {
      // ended meanwhile
    }
  }
  return undefined;
}

describe("the command fills the stock of signing keys", () => {
  it("a start stopped at its ready line still leaves a full stock (4 keys, 0600), made at nice 19", async () => {
    const stock = join(tmp, "empty");
    mkdirSync(stock, { mode: 0o700 });
    let nice: number | undefined;
    await withCommand(stock, async () => {
      if (process.platform === "linux") nice = await until("the filling process", () => fillerNice(stock), 5_000);
    });
    const names = await until("a full stock", () => (pems(stock).length >= 4 ? pems(stock) : undefined));
    assert.equal(names.length, 4);
    if (process.platform === "linux") assert.equal(nice, 19);
    if (POSIX) for (const n of names) assert.equal(statSync(join(stock, n)).mode & 0o777, 0o600);
  });

  it("a start takes a stocked key (it signs with it) and the stock is filled again", async () => {
    const stock = join(tmp, "empty"); // the full stock of the test before
    const before = new Map(pems(stock).map((n) => [modulusOf(join(stock, n)), n]));
    assert.equal(before.size, 4);
    let published: string | undefined;
    await withCommand(stock, async (url) => {
      const res = await fetch(`${url}/oauth/v2/keys`);
      published = ((await res.json()) as { keys: { n: string }[] }).keys[0]?.n;
    });
    assert.ok(published && before.has(published), "the key published is one the stock held");
    assert.ok(!existsSync(join(stock, before.get(published) as string)), "its file is gone");
    const after = await until("the stock filled again", () => (pems(stock).length >= 4 ? pems(stock) : undefined));
    assert.ok(after.length === 4 || after.length === 5, `${after.length} keys`);
    assert.ok(!after.some((n) => modulusOf(join(stock, n)) === published), "never the key in use");
  });

  it("fillStock never makes a stock folder that is gone", () => {
    const gone = join(tmp, "gone", "signing-keys");
    assert.equal(fillStock(gone), 0);
    assert.equal(existsSync(join(tmp, "gone")), false);
  });
});

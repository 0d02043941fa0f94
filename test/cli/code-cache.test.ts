// The command's V8 code cache (dist/cli.cjs.cache: scripts/code-cache.mjs writes it, bin/load-bundle.cjs
// reads it): a normal start takes it (V8 refuses data made under other flags, such as the heap flags the
// command sets at ready), and it holds more than the functions compiled up to ready: the build's run
// served the hot paths after ready before the data was taken. Runs the bundled command (build it first:
// `node scripts/build.mjs`).

import "../helpers/key-stock-env.js";
import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "svc-emulator-code-cache-"));
after(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * Watches the bundle's compilation (load-bundle.cjs reads node:vm's Script when it compiles): writes to stderr
 * whether V8 rejected the cached data and, at the ready event, the size of the code cache that script would
 * make now. With PROBE_NO_CACHE=1 the bundle is compiled without the cache, so that size is what the
 * functions compiled up to ready come to.
 */
const probe = join(tmp, "probe.cjs");
writeFileSync(
  probe,
  [
    'const vm = require("node:vm");',
    "const Script = vm.Script;",
    "vm.Script = class extends Script {",
    "  constructor(source, options) {",
    '    const given = process.env.PROBE_NO_CACHE === "1" ? { ...options, cachedData: undefined } : options;',
    "    super(source, given);",
    "    vm.Script = Script;",
    '    process.stderr.write("rejected:" + this.cachedDataRejected + "\\n");',
    '    process.once("svc-emulator:ready", () => process.stderr.write("atReady:" + this.createCachedData().length + "\\n"));',
    "  }",
    "};",
  ].join("\n"),
);

/** Starts the command with the probe, waits for its report at ready, stops it; the report's lines as a record. */
async function startProbed(env: Record<string, string> = {}): Promise<Record<string, string>> {
  const child = spawn(process.execPath, ["--require", probe, "bin/svc-emulator.cjs", "start", "--port", "0", "--in-memory", "--json"], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (c) => (stderr += c));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  try {
    await new Promise((resolve) => child.stdout.once("data", resolve));
    // The probe writes at the same moment as the ready line, on another pipe.
    while (!stderr.includes("atReady:")) await new Promise((r) => setTimeout(r, 10));
  } finally {
    child.kill("SIGTERM");
  }
  assert.equal(await exited, 0, stderr);
  return Object.fromEntries([...stderr.matchAll(/^(rejected|atReady):(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
}

describe("the command's code cache", () => {
  it("is taken by a normal start (not rejected)", { timeout: 30_000 }, async () => {
    const report = await startProbed();
    assert.equal(report.rejected, "false");
  });

  it("holds the code of the hot paths after ready, not only what runs up to ready", { timeout: 30_000 }, async () => {
    const cacheBytes = statSync(join(ROOT, "dist/cli.cjs.cache")).size;
    const report = await startProbed({ PROBE_NO_CACHE: "1" });
    assert.equal(report.rejected, "undefined"); // compiled without data
    const upToReady = Number(report.atReady);
    assert.ok(upToReady > 500_000, `the data at ready: ${upToReady} bytes`);
    // Measured: 1.40 MB at ready, 1.90 MB after the build's requests.
    assert.ok(cacheBytes > upToReady * 1.2, `cache ${cacheBytes} bytes against ${upToReady} at ready`);
  });
});

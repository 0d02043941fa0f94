// node:http2 (and node:tls under it) is loaded on the first HTTP/2 connection, not at start
// (server/h2-app.ts, and the build's lazy-fastify-transports): the command's ready line comes
// before either is loaded, and the first gRPC call over the port then gets its answer, like a later one.
// Runs the bundled command (build it first: `node scripts/build.mjs`).

import "../helpers/key-stock-env.js";
import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { grpcRawCall, grpcWebRawCall } from "../helpers/raw-grpc.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "svc-emulator-h2-"));
after(() => rmSync(tmp, { recursive: true, force: true }));
const SEARCH = "/svc.resources.action.v3alpha.SvcActions/SearchTargets";

/** Writes to stderr, at the command's ready event, which of the HTTP/2 and TLS modules are loaded. */
const probe = join(tmp, "probe.cjs");
writeFileSync(
  probe,
  [
    "const loaded = () => process.moduleLoadList.filter((m) => /^NativeModule (http2|https|tls)$/.test(m));",
    'process.once("svc-emulator:ready", () => process.stderr.write("loaded:" + JSON.stringify(loaded()) + "\\n"));',
  ].join("\n"),
);

describe("HTTP/2 on first use", () => {
  it("is not loaded at ready; the first gRPC and gRPC-web calls are answered; SIGTERM still exits 0", { timeout: 30_000 }, async () => {
    const child = spawn(process.execPath, ["--require", probe, "bin/svc-emulator.cjs", "start", "--port", "0", "--in-memory", "--json"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c) => (stderr += c));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      const line = await new Promise<string>((resolve) => child.stdout.once("data", (c: Buffer) => resolve(c.toString())));
      const ready = JSON.parse(line.split("\n")[0]!) as { url: string; adminPat: string };
      // The probe writes at the same moment as the ready line, on another pipe.
      while (!stderr.includes("loaded:")) await new Promise((r) => setTimeout(r, 10));
      assert.match(stderr, /^loaded:\[\]$/m);
      const host = new URL(ready.url).host;
      assert.deepEqual(await grpcRawCall(host, SEARCH, Buffer.alloc(0), ready.adminPat), { code: 0, message: "" });
      assert.deepEqual(await grpcRawCall(host, SEARCH, Buffer.alloc(0), ready.adminPat), { code: 0, message: "" });
      assert.equal((await grpcWebRawCall(ready.url, SEARCH, Buffer.alloc(0), ready.adminPat)).code, 0);
      const rest = await fetch(`${ready.url}/resources/v3alpha/targets/_search`, {
        method: "POST",
        headers: { authorization: `Bearer ${ready.adminPat}` },
        body: "[]", // the body is the request's `filters` field
      });
      assert.equal(rest.status, 200);
    } finally {
      child.kill("SIGTERM");
    }
    assert.equal(await exited, 0, stderr);
  });
});

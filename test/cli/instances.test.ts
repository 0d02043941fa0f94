// Issue 26 from the command line (the built bin, `node scripts/build.mjs` first): `start --instances N`
// makes w1.localhost … wN.localhost seeded from the fixtures and lists them in its --json line;
// `import FILE --instance ID|HOST` imports into that instance of the running emulator, the same file
// with its ids into two instances.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startCli, startReady, tempDir } from "../helpers/cli-process.js";
import { fetchByHost } from "../helpers/emulator.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
type Listed = { id: string; domains: string[]; issuer: string; adminPat: string };

/** Runs the bin to its end, without the SVC_EMULATOR_* variables of this process. */
function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("SVC_EMULATOR_")));
  const child = spawn(process.execPath, ["bin/svc-emulator.cjs", ...args], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (c) => (stdout += c));
  child.stderr!.on("data", (c) => (stderr += c));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

describe("svc-emulator start --instances N", () => {
  const dataDir = tempDir();
  let ready: Awaited<ReturnType<typeof startReady>>["ready"] & { instances?: Listed[] };
  let stop: () => Promise<unknown>;

  it("lists N seeded instances at w1.localhost … in its ready line, each reached by its Host", async () => {
    const started = await startReady(dataDir, ["--instances", "2"]);
    ready = started.ready;
    stop = () => (started.proc.child.kill("SIGTERM"), started.proc.exited);
    const listed = ready.instances!;
    assert.deepEqual(
      listed.map((i) => [i.domains, i.issuer, i.adminPat.length > 0]),
      [1, 2].map((n) => [[`w${n}.localhost`], `http://w${n}.localhost:${ready.port}`, true]),
    );
    assert.notEqual(listed[0]!.id, listed[1]!.id);
    const send = fetchByHost(ready.port);
    for (const i of listed) {
      const discovery = (await (await send(`${i.issuer}/.well-known/openid-configuration`)).json()) as { issuer: string };
      assert.equal(discovery.issuer, i.issuer);
      const users = await send(`${i.issuer}/resources/v3alpha/users/_search`, {
        method: "POST",
        headers: { authorization: `Bearer ${i.adminPat}`, "content-type": "application/json" },
        body: "[]",
      });
      assert.equal(((await users.json()) as { result: unknown[] }).result.length, 5, "the default seed's users");
    }
  });

  it("imports one file with its ids into two instances by host and by id; a third time into the first is refused", async () => {
    const file = join(tempDir(), "orgs.json");
    writeFileSync(file, JSON.stringify({ orgs: [{ orgId: "650000000000000001", org: { name: "Imported" } }] }));
    const as = ["--url", ready.url, "--token", ready.consoleToken];
    const [w1, w2] = ready.instances!;
    const byHost = await cli(["import", file, "--instance", `W1.localhost:${ready.port}`, ...as]);
    assert.equal(byHost.code, 0, byHost.stderr);
    assert.match(byHost.stdout, /^imported: /);
    const byId = await cli(["import", file, "--instance", w2!.id, ...as]);
    assert.equal(byId.code, 0, byId.stderr);
    const again = await cli(["import", file, "--instance", "w1.localhost", ...as]);
    assert.equal(again.code, 1);
    assert.match(again.stdout, /ORG-exists|already exists/);
    const unknown = await cli(["import", file, "--instance", "nowhere.localhost", ...as]);
    assert.deepEqual(
      [unknown.code, unknown.stderr],
      [1, `svc-emulator import: no instance nowhere.localhost in ${ready.url} (give an instance id or one of its domains)\n`],
    );
    const send = fetchByHost(ready.port);
    for (const i of [w1!, w2!]) {
      const orgs = await send(`${i.issuer}/resources/v3alpha/organizations/_search`, {
        method: "POST",
        headers: { authorization: `Bearer ${i.adminPat}`, "content-type": "application/json" },
        body: "[]",
      });
      assert.match(await orgs.text(), /"id":"650000000000000001"/);
    }
  });

  it("refuses to start again on that data dir, whose w1.localhost exists, and refuses a count that is no number", async () => {
    await stop();
    const twice = await startCli(dataDir, ["--instances", "1"]).started;
    assert.ok(!("ready" in twice));
    assert.equal(twice.code, 1);
    assert.match(
      twice.stderr,
      /--instances: instance w1\.localhost: The domain w1\.localhost already reaches an instance .*use a new --data-dir or --in-memory/,
    );
    const usage = await cli(["start", "--instances", "two"]);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--instances must be a number from 0 to 1000, not two/);
  });
});

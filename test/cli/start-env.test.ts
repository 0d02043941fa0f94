// `svc-emulator start` configured by SVC_EMULATOR_* variables as well as flags (issue 28, the container
// image's settings): each variable reads as its flag, a flag on the command line wins, a bad value is a
// usage error naming it, and --public-url / --host-name reach the ready line and the Host check.
// Runs the built command (`npm run build` first).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { spawnCli, tempDir, type CliProcess } from "../helpers/cli-process.js";
import { requestWithHost } from "../helpers/emulator.js";

const LIMIT = { timeout: 30_000 };

async function ready(proc: CliProcess) {
  const s = await proc.started;
  if (!("ready" in s)) throw new Error(`did not start (exit ${s.code}): ${s.stderr}`);
  return s.ready;
}

async function stop(proc: CliProcess) {
  proc.child.kill("SIGTERM");
  return proc.exited;
}

describe("svc-emulator start from the environment", () => {
  it("reads port, storage, public URL and host names from variables", LIMIT, async () => {
    const proc = spawnCli(["start", "--json"], {
      SVC_EMULATOR_PORT: "0",
      SVC_EMULATOR_IN_MEMORY: "true",
      SVC_EMULATOR_PUBLIC_URL: "http://localhost:18080",
      SVC_EMULATOR_HOST_NAMES: "svc-emulator, backend.test",
      SVC_EMULATOR_RETENTION: "1h",
    });
    const r = await ready(proc);
    assert.notEqual(r.port, 8080);
    assert.equal(r.issuer, "http://localhost:18080");
    assert.match(r.ui, /^http:\/\/localhost:18080\/ui\/\?t=/);
    for (const host of ["svc-emulator:8080", "backend.test"]) {
      const d = await requestWithHost(r.port, "/.well-known/openid-configuration", host);
      assert.equal(d.status, 200, host);
      assert.equal((JSON.parse(d.text) as { issuer: string }).issuer, "http://localhost:18080");
    }
    assert.equal((await requestWithHost(r.port, "/.well-known/openid-configuration", "other.test")).status, 403);
    assert.equal((await stop(proc)).code, 0);
  });

  it("lets flags win over variables, and a --data-dir flag over SVC_EMULATOR_IN_MEMORY", LIMIT, async () => {
    const dir = tempDir();
    const proc = spawnCli(["start", "--json", "--port", "0", "--data-dir", dir, "--public-url", "http://flag.test:9000", "--host-name", "flagged"], {
      SVC_EMULATOR_PORT: "1",
      SVC_EMULATOR_IN_MEMORY: "1",
      SVC_EMULATOR_PUBLIC_URL: "http://env.test:9000",
      SVC_EMULATOR_HOST_NAMES: "from-env",
    });
    const r = await ready(proc);
    assert.equal(r.issuer, "http://flag.test:9000");
    assert.ok(existsSync(join(dir, "emulator.sqlite")));
    assert.equal((await requestWithHost(r.port, "/oauth/v2/keys", "flagged")).status, 200);
    assert.equal((await requestWithHost(r.port, "/oauth/v2/keys", "from-env")).status, 403);
    assert.equal((await stop(proc)).code, 0);
  });

  it("takes the data dir from SVC_EMULATOR_DATA_DIR", LIMIT, async () => {
    const dir = tempDir();
    const proc = spawnCli(["start", "--json", "--port", "0"], { SVC_EMULATOR_DATA_DIR: dir });
    await ready(proc);
    assert.ok(existsSync(join(dir, "emulator.sqlite")));
    assert.equal((await stop(proc)).code, 0);
  });

  it("takes the console token from SVC_EMULATOR_CONSOLE_TOKEN (a test runner's webServer chooses it)", LIMIT, async () => {
    const token = "runner-chosen_token.0123456789~";
    const proc = spawnCli(["start", "--json", "--port", "0", "--in-memory"], { SVC_EMULATOR_CONSOLE_TOKEN: token });
    const r = await ready(proc);
    assert.equal(r.consoleToken, token);
    const given = await fetch(`${r.url}/emulator/v1/instances`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(given.status, 200);
    const other = await fetch(`${r.url}/emulator/v1/instances`, { headers: { authorization: "Bearer runner-chosen_token.0123456789x" } });
    assert.equal(other.status, 401);
    assert.equal((await stop(proc)).code, 0);
  });

  const bad: [string, string[], NodeJS.ProcessEnv, RegExp][] = [
    ["a short console token", [], { SVC_EMULATOR_CONSOLE_TOKEN: "short" }, /SVC_EMULATOR_CONSOLE_TOKEN must be 16 to 200 characters/],
    ["a console token with a space", [], { SVC_EMULATOR_CONSOLE_TOKEN: "0123456789 abcdef" }, /SVC_EMULATOR_CONSOLE_TOKEN must be 16 to 200/],
    ["SVC_EMULATOR_IN_MEMORY=yes", ["--port", "0"], { SVC_EMULATOR_IN_MEMORY: "yes" }, /SVC_EMULATOR_IN_MEMORY must be 1, true, 0 or false, not yes/],
    ["SVC_EMULATOR_PORT=http", ["--in-memory"], { SVC_EMULATOR_PORT: "http" }, /--port must be a number from 0 to 65535, not http/],
    ["SVC_EMULATOR_RETENTION=soon", [], { SVC_EMULATOR_RETENTION: "soon" }, /--retention needs a duration/],
    ["a public URL with a path", ["--public-url", "http://localhost:8080/auth"], {}, /--public-url\/--host-name: .*without path/],
    ["a host name with a port", [], { SVC_EMULATOR_HOST_NAMES: "svc-emulator:8080" }, /--public-url\/--host-name: .*without port/],
  ];
  for (const [what, args, env, message] of bad)
    it(`refuses ${what} with a usage error (exit 2)`, LIMIT, async () => {
      // Nothing on the command line overrides the variable under test; a start that is wrongly accepted listens on a free port in memory.
      const proc = spawnCli(["start", "--json", ...args], { SVC_EMULATOR_PORT: "0", SVC_EMULATOR_IN_MEMORY: "1", ...env });
      const { code, stderr } = await proc.exited;
      assert.equal(code, 2);
      assert.match(stderr, message);
      assert.match(stderr, /SVC_EMULATOR_HOST_NAMES/, "the usage names the variables");
    });
});

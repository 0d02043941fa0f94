// svc-emulator/testing's run-wide emulator (issue 28 §2): started as the package's command for the run, or
// the one SVC_EMULATOR_URL and SVC_EMULATOR_CONSOLE_TOKEN name (checked with that token); stopped by the
// run, and also when the process that started it dies without a teardown. Runs the built command.

import "../helpers/key-stock-env.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { runEmulator, startEmulatorProcess } from "../../emulator/src/testing/index.js";

const LIMIT = { timeout: 60_000 };
const health = (url: string) => fetch(`${url}/emulator/v1/health`).then((r) => r.status);
const NO_ENV = { SVC_EMULATOR_URL: "", SVC_EMULATOR_CONSOLE_TOKEN: "" };

async function gone(url: string): Promise<boolean> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    try {
      await health(url);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe("the run's emulator", () => {
  it("is started for the run when the environment names none, and stopped by it", LIMIT, async () => {
    const run = await runEmulator({}, { SVC_EMULATOR_URL: "http://localhost:1" });
    assert.equal(run.started, true);
    assert.equal(await health(run.connection.url), 200);
    const instances = await fetch(`${run.connection.url}/emulator/v1/instances`, { headers: { authorization: `Bearer ${run.connection.consoleToken}` } });
    assert.equal(instances.status, 200);
    await run.stop();
    await assert.rejects(health(run.connection.url), /fetch failed/);
  });

  it("is the environment's when it names URL and console token, checked with that token, and left running", LIMIT, async () => {
    const emu = await startEmulatorProcess();
    try {
      const env = { SVC_EMULATOR_URL: `${emu.url}/`, SVC_EMULATOR_CONSOLE_TOKEN: emu.consoleToken };
      const run = await runEmulator({}, env);
      assert.deepEqual([run.started, run.connection], [false, { url: emu.url, consoleToken: emu.consoleToken }]);
      await run.stop();
      assert.equal(await health(emu.url), 200);
      await assert.rejects(runEmulator({}, { ...env, SVC_EMULATOR_CONSOLE_TOKEN: "not-the-console-token" }), /answered 401: The console token is not valid/);
    } finally {
      await emu.stop();
    }
  });

  it("ends with the process that started it, when that one is killed without a teardown", LIMIT, async () => {
    const entry = fileURLToPath(new URL("../../dist/testing/index.cjs", import.meta.url));
    const script = `require(${JSON.stringify(entry)}).runEmulator().then((r) => { console.log(r.connection.url); process.kill(process.pid, "SIGKILL"); });`;
    let url = "";
    try {
      execFileSync(process.execPath, ["-e", script], { encoding: "utf8", env: { ...process.env, ...NO_ENV }, stdio: ["ignore", "pipe", "inherit"] });
    } catch (e) {
      url = String((e as { stdout: string }).stdout).trim();
    }
    assert.match(url, /^http:\/\/localhost:\d+$/);
    assert.equal(await gone(url), true, "the emulator still answers 10 s after its starter was killed");
  });

  it("reports a start that fails with the command's own message", LIMIT, async () => {
    await assert.rejects(startEmulatorProcess({ args: ["--fixtures", "/no/such/fixtures.json"] }), (e: Error) => {
      assert.match(e.message, /^svc-emulator exited \(1\) before it was ready:\n/);
      assert.match(e.message, /no\/such\/fixtures\.json/);
      return true;
    });
  });
});

// The GitHub Action (action.yml; issue 28): its main step, run as the runner runs it (inputs as
// INPUT_* variables, temporary GITHUB_ENV / GITHUB_OUTPUT / GITHUB_STATE files), starts the emulator in
// the background and hands the job its URL, issuer and tokens (masked); its post step, given the state
// as STATE_* variables, stops it and frees the port. A bad input fails the step with the command's own
// message and exports nothing.

import "../helpers/key-stock-env.js";
import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function runnerFiles() {
  const dir = mkdtempSync(join(tmpdir(), "svc-emulator-action-"));
  dirs.push(dir);
  const files = { GITHUB_ENV: join(dir, "env"), GITHUB_OUTPUT: join(dir, "output"), GITHUB_STATE: join(dir, "state") };
  for (const f of Object.values(files)) writeFileSync(f, "");
  return { ...files, RUNNER_TEMP: dir };
}

const lines = (file: string) =>
  Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );

function step(script: "main" | "post", env: NodeJS.ProcessEnv) {
  const r = spawnSync(process.execPath, [join(ROOT, "action", `${script}.cjs`)], { env: { ...process.env, ...env }, encoding: "utf8", timeout: 60_000 });
  return { code: r.status, stdout: r.stdout };
}

describe("the GitHub Action", () => {
  it("main starts the emulator and exports its URL, issuer and masked tokens; post stops it and frees the port", { timeout: 90_000 }, async () => {
    const files = runnerFiles();
    const main = step("main", {
      ...files,
      INPUT_COMMAND: `${process.execPath} ${join(ROOT, "bin", "svc-emulator.cjs")}`,
      INPUT_PORT: "0",
      "INPUT_IN-MEMORY": "true",
      "INPUT_PUBLIC-URL": "",
      "INPUT_HOST-NAMES": "svc-emulator",
    });
    assert.equal(main.code, 0, main.stdout);
    const env = lines(files.GITHUB_ENV);
    const output = lines(files.GITHUB_OUTPUT);
    assert.deepEqual(Object.keys(env), ["SVC_EMULATOR_URL", "SVC_EMULATOR_ISSUER", "SVC_EMULATOR_ADMIN_PAT", "SVC_EMULATOR_CONSOLE_TOKEN"]);
    assert.deepEqual(output, {
      url: env.SVC_EMULATOR_URL,
      issuer: env.SVC_EMULATOR_ISSUER,
      "admin-pat": env.SVC_EMULATOR_ADMIN_PAT,
      "console-token": env.SVC_EMULATOR_CONSOLE_TOKEN,
    });
    assert.match(env.SVC_EMULATOR_URL!, /^http:\/\/localhost:\d+$/);
    assert.ok(main.stdout.includes(`::add-mask::${env.SVC_EMULATOR_ADMIN_PAT}\n`));
    assert.ok(main.stdout.includes(`::add-mask::${env.SVC_EMULATOR_CONSOLE_TOKEN}\n`));
    assert.ok(!main.stdout.replaceAll(/::add-mask::.*\n/g, "").includes(env.SVC_EMULATOR_ADMIN_PAT!), "the token is printed only to be masked");

    const url = env.SVC_EMULATOR_URL!;
    const d = (await (await fetch(`${url}/.well-known/openid-configuration`)).json()) as { issuer: string };
    assert.equal(d.issuer, env.SVC_EMULATOR_ISSUER);
    const search = await fetch(`${url}/resources/v3alpha/targets/_search`, {
      method: "POST",
      headers: { authorization: `Bearer ${env.SVC_EMULATOR_ADMIN_PAT}`, "content-type": "application/json" },
      body: "[]",
    });
    assert.equal(search.status, 200);
    const health = await fetch(`${url}/emulator/v1/snapshots`, { headers: { authorization: `Bearer ${env.SVC_EMULATOR_CONSOLE_TOKEN}` } });
    assert.equal(health.status, 200);

    const state = lines(files.GITHUB_STATE);
    assert.deepEqual(Object.keys(state), ["pid", "log"]);
    const post = step("post", { STATE_pid: state.pid, STATE_log: state.log });
    assert.equal(post.code, 0, post.stdout);
    assert.match(post.stdout, /svc-emulator stopped/);
    await assert.rejects(fetch(`${url}/emulator/v1/health`), /fetch failed/);
    assert.throws(() => process.kill(Number(state.pid), 0), /ESRCH/);
  });

  it("fails the step with the command's message on a bad input, exporting nothing", { timeout: 60_000 }, () => {
    const files = runnerFiles();
    const main = step("main", { ...files, INPUT_COMMAND: `${process.execPath} ${join(ROOT, "bin", "svc-emulator.cjs")}`, INPUT_PORT: "eighty" });
    assert.equal(main.code, 1);
    assert.match(main.stdout, /^::error::svc-emulator exited \(2\) before it was ready:/m);
    assert.match(main.stdout, /--port must be a number from 0 to 65535, not eighty/);
    assert.equal(readFileSync(files.GITHUB_ENV, "utf8"), "");
    assert.equal(readFileSync(files.GITHUB_OUTPUT, "utf8"), "");
  });

  it("post with no state has nothing to stop", () => {
    const post = step("post", { STATE_pid: "", STATE_log: "" });
    assert.deepEqual([post.code, post.stdout], [0, "svc-emulator: nothing to stop\n"]);
  });
});

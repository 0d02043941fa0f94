// The GitHub Action's steps run as the Actions runner runs them (test/distribution/action*.ts): inputs as
// INPUT_* variables, the command files GITHUB_ENV, GITHUB_OUTPUT and GITHUB_STATE as temporary files,
// and the state handed to the post step as STATE_* variables.

import { after } from "node:test";
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

/** Empty command files in a folder of their own (also RUNNER_TEMP), removed after the test file. */
export function runnerFiles() {
  const dir = mkdtempSync(join(tmpdir(), "svc-emulator-action-"));
  dirs.push(dir);
  const files = { GITHUB_ENV: join(dir, "env"), GITHUB_OUTPUT: join(dir, "output"), GITHUB_STATE: join(dir, "state") };
  for (const f of Object.values(files)) writeFileSync(f, "");
  return { ...files, RUNNER_TEMP: dir };
}

/** A command file's `name=value` lines. */
export const lines = (file: string): Record<string, string> =>
  Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );

/** Runs the action's main or post step with the environment given; its exit code and stdout. */
export function step(script: "main" | "post", env: NodeJS.ProcessEnv, timeout = 60_000) {
  const r = spawnSync(process.execPath, [join(ROOT, "action", `${script}.cjs`)], { env: { ...process.env, ...env }, encoding: "utf8", timeout });
  return { code: r.status, stdout: r.stdout };
}

/**
 * What every mode hands the job, checked on the wire: the four variables and the same four outputs, the
 * tokens masked and printed only to be masked, the URL on localhost, discovery there naming the exported
 * issuer, the admin PAT reading the resource API and the console token the control API. The variables.
 */
export async function assertHandedToJob(files: ReturnType<typeof runnerFiles>, stdout: string): Promise<Record<string, string>> {
  const env = lines(files.GITHUB_ENV);
  assert.deepEqual(Object.keys(env), ["SVC_EMULATOR_URL", "SVC_EMULATOR_ISSUER", "SVC_EMULATOR_ADMIN_PAT", "SVC_EMULATOR_CONSOLE_TOKEN"]);
  assert.deepEqual(lines(files.GITHUB_OUTPUT), {
    url: env.SVC_EMULATOR_URL,
    issuer: env.SVC_EMULATOR_ISSUER,
    "admin-pat": env.SVC_EMULATOR_ADMIN_PAT,
    "console-token": env.SVC_EMULATOR_CONSOLE_TOKEN,
  });
  const url = env.SVC_EMULATOR_URL!;
  assert.match(url, /^http:\/\/localhost:\d+$/);
  assert.ok(stdout.includes(`::add-mask::${env.SVC_EMULATOR_ADMIN_PAT}\n`));
  assert.ok(stdout.includes(`::add-mask::${env.SVC_EMULATOR_CONSOLE_TOKEN}\n`));
  assert.ok(!stdout.replaceAll(/::add-mask::.*\n/g, "").includes(env.SVC_EMULATOR_ADMIN_PAT!), "the token is printed only to be masked");
  const d = (await (await fetch(`${url}/.well-known/openid-configuration`)).json()) as { issuer: string };
  assert.equal(d.issuer, env.SVC_EMULATOR_ISSUER);
  const search = await fetch(`${url}/resources/v3alpha/targets/_search`, {
    method: "POST",
    headers: { authorization: `Bearer ${env.SVC_EMULATOR_ADMIN_PAT}`, "content-type": "application/json" },
    body: "[]",
  });
  assert.equal(search.status, 200);
  const snapshots = await fetch(`${url}/emulator/v1/snapshots`, { headers: { authorization: `Bearer ${env.SVC_EMULATOR_CONSOLE_TOKEN}` } });
  assert.equal(snapshots.status, 200);
  return env;
}

// The GitHub Action's image mode (action.yml `image`; issue 28), run as the runner runs it (inputs as
// INPUT_* variables, temporary GITHUB_ENV / GITHUB_OUTPUT / GITHUB_STATE files) with podman: main runs
// the image in the background with its port published and the fixture file mounted, waits until it is
// ready and hands the job the same URL, issuer and tokens as the npx mode; post stops and removes the
// container with its volume, freeing the port. Bad inputs fail the step with a clear message and export
// nothing. Skipped, with the reason, where podman cannot run. Slow: `npm run test:container`.

import "../helpers/key-stock-env.js";
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withJwtMachine } from "../helpers/fixtures.js";
import { buildImage, IMAGE, podman, podmanResult, podmanUnavailable, ROOT } from "../helpers/podman.js";

const skip = podmanUnavailable();
const tmp = mkdtempSync(join(tmpdir(), "svc-emulator-action-image-"));
const FIXTURES = join(tmp, "fixtures.json");
const basic = `Basic ${Buffer.from("ci-worker:ci-worker-secret").toString("base64")}`;
const started: string[] = [];

function runnerFiles(name: string) {
  const files = { GITHUB_ENV: join(tmp, `${name}.env`), GITHUB_OUTPUT: join(tmp, `${name}.output`), GITHUB_STATE: join(tmp, `${name}.state`) };
  for (const f of Object.values(files)) writeFileSync(f, "");
  return { ...files, RUNNER_TEMP: tmp };
}

const lines = (file: string) =>
  Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );

function step(script: "main" | "post", env: NodeJS.ProcessEnv) {
  const r = spawnSync(process.execPath, [join(ROOT, "action", `${script}.cjs`)], { env: { ...process.env, ...env }, encoding: "utf8", timeout: 90_000 });
  return { code: r.status, stdout: r.stdout };
}

/** The main step in image mode; the container it names is removed after the tests whatever happens. */
function main(files: ReturnType<typeof runnerFiles>, inputs: Record<string, string>) {
  const r = step("main", { ...files, INPUT_IMAGE: IMAGE, INPUT_ENGINE: "podman", INPUT_PORT: "0", "INPUT_IN-MEMORY": "true", ...inputs });
  const container = lines(files.GITHUB_STATE).container;
  if (container) started.push(container);
  return r;
}

describe("the GitHub Action's image mode", { skip }, () => {
  before(() => {
    buildImage();
    writeFileSync(FIXTURES, JSON.stringify(withJwtMachine("ci-worker")), { mode: 0o644 });
  });
  after(() => {
    for (const name of started) podmanResult(["rm", "-f", "-v", "-t", "0", name]);
    rmSync(tmp, { recursive: true, force: true });
  });

  it("main runs the image and exports URL, issuer and masked tokens; post stops and removes the container and frees the port", {
    timeout: 120_000,
  }, async () => {
    const files = runnerFiles("ok");
    const run = main(files, { INPUT_FIXTURES: FIXTURES, "INPUT_HOST-NAMES": "svc-emulator" });
    assert.equal(run.code, 0, run.stdout);
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
    assert.equal(env.SVC_EMULATOR_ISSUER, url);
    assert.ok(run.stdout.includes(`::add-mask::${env.SVC_EMULATOR_ADMIN_PAT}\n`));
    assert.ok(run.stdout.includes(`::add-mask::${env.SVC_EMULATOR_CONSOLE_TOKEN}\n`));
    assert.ok(!run.stdout.replaceAll(/::add-mask::.*\n/g, "").includes(env.SVC_EMULATOR_ADMIN_PAT!), "the token is printed only to be masked");

    // Discovery and a token of the fixture file's machine: the same issuer.
    const d = (await (await fetch(`${url}/.well-known/openid-configuration`)).json()) as { issuer: string; token_endpoint: string };
    assert.equal(d.issuer, env.SVC_EMULATOR_ISSUER);
    const tokenRes = await fetch(d.token_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic },
      body: "grant_type=client_credentials",
    });
    assert.equal(tokenRes.status, 200);
    const jwt = ((await tokenRes.json()) as { access_token: string }).access_token;
    assert.equal(JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()).iss, env.SVC_EMULATOR_ISSUER);
    const search = await fetch(`${url}/resources/v3alpha/targets/_search`, {
      method: "POST",
      headers: { authorization: `Bearer ${env.SVC_EMULATOR_ADMIN_PAT}`, "content-type": "application/json" },
      body: "[]",
    });
    assert.equal(search.status, 200);
    const snapshots = await fetch(`${url}/emulator/v1/snapshots`, { headers: { authorization: `Bearer ${env.SVC_EMULATOR_CONSOLE_TOKEN}` } });
    assert.equal(snapshots.status, 200);

    // The container: the port on loopback only, the host names given to it.
    const state = lines(files.GITHUB_STATE);
    assert.deepEqual(Object.keys(state), ["engine", "container"]);
    const inspect = JSON.parse(podman(["inspect", state.container!]))[0];
    assert.deepEqual(
      inspect.HostConfig.PortBindings["8080/tcp"].map((b: { HostIp: string; HostPort: string }) => [b.HostIp, b.HostPort]),
      [["127.0.0.1", new URL(url).port]],
    );
    assert.ok(inspect.Config.Env.includes("SVC_EMULATOR_HOST_NAMES=svc-emulator"));
    const volume = (inspect.Mounts as { Name?: string; Destination: string }[]).find((m) => m.Destination === "/data")!.Name!;

    const post = step("post", { STATE_engine: state.engine, STATE_container: state.container });
    assert.equal(post.code, 0, post.stdout);
    assert.match(post.stdout, new RegExp(`svc-emulator stopped and removed \\(${state.container}\\); its log:\\n\\{"url"`));
    assert.equal(podmanResult(["container", "exists", state.container!]).code, 1);
    assert.equal(podmanResult(["volume", "exists", volume]).code, 1);
    await assert.rejects(fetch(`${url}/emulator/v1/ready`), /fetch failed/);
  });

  it("fails the step on a bad port or a missing fixture file before running anything, exporting nothing", () => {
    for (const [inputs, message] of [
      [{ INPUT_PORT: "eighty" }, "::error::port must be a number from 0 to 65535, not eighty"],
      [{ INPUT_PORT: "65536" }, "::error::port must be a number from 0 to 65535, not 65536"],
      [{ INPUT_FIXTURES: join(tmp, "missing.json") }, `::error::fixtures: no such file: ${join(tmp, "missing.json")}`],
    ] as const) {
      const files = runnerFiles("bad-input");
      const run = main(files, inputs);
      assert.deepEqual([run.code, run.stdout], [1, `${message}\n`]);
      for (const f of [files.GITHUB_ENV, files.GITHUB_OUTPUT, files.GITHUB_STATE]) assert.equal(readFileSync(f, "utf8"), "");
    }
  });

  it("fails the step with the emulator's message when it refuses the fixtures; post removes the container", { timeout: 120_000 }, () => {
    const bad = join(tmp, "bad-fixtures.json");
    writeFileSync(bad, JSON.stringify({ instances: [{ orgs: [] }] }), { mode: 0o644 });
    const files = runnerFiles("bad-fixtures");
    const run = main(files, { INPUT_FIXTURES: bad });
    assert.equal(run.code, 1);
    assert.match(run.stdout, /^::error::svc-emulator exited \(1\) before it was ready:/m);
    assert.match(run.stdout, /svc-emulator: \/etc\/svc-emulator\/fixtures\.json: \/instances\/0\/name: Expected required property/);
    assert.equal(readFileSync(files.GITHUB_ENV, "utf8"), "");
    assert.equal(readFileSync(files.GITHUB_OUTPUT, "utf8"), "");
    const state = lines(files.GITHUB_STATE);
    const post = step("post", { STATE_engine: state.engine, STATE_container: state.container });
    assert.equal(post.code, 0, post.stdout);
    assert.equal(podmanResult(["container", "exists", state.container!]).code, 1);
  });
});

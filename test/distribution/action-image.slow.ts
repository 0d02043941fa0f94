// The GitHub Action's image mode (action.yml `image`; issue 28), run as the runner runs it (inputs as
// INPUT_* variables, temporary GITHUB_ENV / GITHUB_OUTPUT / GITHUB_STATE files) with podman: main runs
// the image in the background with its port published and the fixture file mounted, waits until it is
// ready and hands the job the same URL, issuer and tokens as the npx mode; post stops and removes the
// container with its volume, freeing the port. Bad inputs fail the step with a clear message and export
// nothing. Skipped, with the reason, where podman cannot run. Slow: `npm run test:container`.

import "../helpers/key-stock-env.js";
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { assertHandedToJob, lines, runnerFiles, step } from "../helpers/action-runner.js";
import { withJwtMachine } from "../helpers/fixtures.js";
import { buildImage, IMAGE, podman, podmanResult, podmanUnavailable } from "../helpers/podman.js";

const skip = podmanUnavailable();
const tmp = mkdtempSync(join(tmpdir(), "svc-emulator-action-image-"));
const FIXTURES = join(tmp, "fixtures.json");
const basic = `Basic ${Buffer.from("ci-worker:ci-worker-secret").toString("base64")}`;
const started: string[] = [];
after(() => rmSync(tmp, { recursive: true, force: true }));

/** The main step in image mode; the container it names is removed after the tests whatever happens. */
function main(files: ReturnType<typeof runnerFiles>, inputs: Record<string, string>) {
  const r = step("main", { ...files, INPUT_IMAGE: IMAGE, INPUT_ENGINE: "podman", INPUT_PORT: "0", "INPUT_IN-MEMORY": "true", ...inputs }, 90_000);
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
  });

  it("main runs the image and exports URL, issuer and masked tokens; post stops and removes the container and frees the port", {
    timeout: 120_000,
  }, async () => {
    const files = runnerFiles();
    const run = main(files, { INPUT_FIXTURES: FIXTURES, "INPUT_HOST-NAMES": "svc-emulator" });
    assert.equal(run.code, 0, run.stdout);
    const env = await assertHandedToJob(files, run.stdout);
    const url = env.SVC_EMULATOR_URL!;
    assert.equal(env.SVC_EMULATOR_ISSUER, url);

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
      const files = runnerFiles();
      const run = main(files, inputs);
      assert.deepEqual([run.code, run.stdout], [1, `${message}\n`]);
      for (const f of [files.GITHUB_ENV, files.GITHUB_OUTPUT, files.GITHUB_STATE]) assert.equal(readFileSync(f, "utf8"), "");
    }
  });

  it("fails the step with the emulator's message when it refuses the fixtures; post removes the container", { timeout: 120_000 }, () => {
    const bad = join(tmp, "bad-fixtures.json");
    writeFileSync(bad, JSON.stringify({ instances: [{ orgs: [] }] }), { mode: 0o644 });
    const files = runnerFiles();
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

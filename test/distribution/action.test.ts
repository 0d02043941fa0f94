// The GitHub Action (action.yml; issue 28): its main step, run as the runner runs it (inputs as
// INPUT_* variables, temporary GITHUB_ENV / GITHUB_OUTPUT / GITHUB_STATE files), starts the emulator in
// the background and hands the job its URL, issuer and tokens (masked); its post step, given the state
// as STATE_* variables, stops it and frees the port. A bad input fails the step with the command's own
// message and exports nothing.

import "../helpers/key-stock-env.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertHandedToJob, lines, runnerFiles, step } from "../helpers/action-runner.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

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
    const env = await assertHandedToJob(files, main.stdout);
    const url = env.SVC_EMULATOR_URL!;

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

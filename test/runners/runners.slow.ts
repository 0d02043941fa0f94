// The test-runner fixtures (issue 28 §2) run by the runners themselves: each sample suite (the README's
// "Use it in CI" blocks) at 4 parallel workers, which create the same user name and sign the seeded users
// in, each on its own instance of one emulator; the runner's exit code and its own counts are asserted.
// The same Vitest suite on ONE shared instance must fail, which shows that the suites can see sharing.
// Slow (runners, and 4 Chromiums): `npm run test:runners`, a step of its own in .ci/run. Uses the built
// bundles (npm run build).

import "../helpers/key-stock-env.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const out = mkdtempSync(join(tmpdir(), "svc-emulator-runners-"));
const LIMIT = { timeout: 300_000 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Runs a command in the repo (bounded: killed after 4 minutes) and answers its exit code and output. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; output: string; stdout: string }> {
  return new Promise((resolve) => {
    // No emulator of an outer run: each runner starts its own; nor this file's node:test context, which
    // would make an inner `node --test` skip its files.
    const { NODE_TEST_CONTEXT: _, ...outer } = process.env;
    const base = { ...outer, SVC_EMULATOR_URL: "", SVC_EMULATOR_CONSOLE_TOKEN: "" };
    const child = spawn(command, args, { cwd: ROOT, env: { ...base, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let stdout = "";
    child.stdout.on("data", (c) => ((output += c), (stdout += c)));
    child.stderr.on("data", (c) => (output += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), 240_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output, stdout });
    });
  });
}

const bin = (name: string) => join(ROOT, "node_modules", ".bin", name);
const json = <T>(file: string) => JSON.parse(readFileSync(file, "utf8")) as T;
const sampleFiles = (dir: string) => readdirSync(join(ROOT, "test/runners", dir)).filter((f) => /\.test\.ts$/.test(f));

type VitestReport = { numPassedTests: number; numFailedTests: number; testResults: { assertionResults: { status: string; failureMessages: string[] }[] }[] };

describe("the sample suites, 4 workers each on an instance of its own", () => {
  it("Vitest: globalSetup + svcEmulatorInstance()", LIMIT, async () => {
    const report = join(out, "vitest.json");
    const r = await run(bin("vitest"), ["run", "--config", "test/runners/vitest/vitest.config.ts", "--reporter=json", `--outputFile=${report}`]);
    assert.equal(r.code, 0, r.output);
    assert.equal(sampleFiles("vitest").length, 4);
    const v = json<VitestReport>(report);
    assert.deepEqual([v.numPassedTests, v.numFailedTests], [12, 0]);
  });

  it("Vitest on one shared instance, never reset: the same suite fails on what another file wrote", LIMIT, async () => {
    const report = join(out, "vitest-shared.json");
    const r = await run(bin("vitest"), ["run", "--config", "test/runners/vitest/shared.config.ts", "--reporter=json", `--outputFile=${report}`]);
    assert.equal(r.code, 1, r.output);
    const v = json<VitestReport>(report);
    const failures = v.testResults.flatMap((f) => f.assertionResults.filter((a) => a.status === "failed").map((a) => a.failureMessages[0]!));
    // Three of the four files find the user name taken by the first; every file finds a user it did not seed.
    assert.deepEqual([v.numPassedTests, v.numFailedTests], [5, 7], failures.join("\n"));
    assert.equal(failures.filter((m) => /409 !== 201/.test(m)).length, 3, failures.join("\n"));
  });

  it("Jest: globalSetup/globalTeardown + svcEmulatorInstance(), TypeScript through babel-jest", LIMIT, async () => {
    const report = join(out, "jest.json");
    const r = await run(bin("jest"), ["--config", "test/runners/jest/jest.config.cjs", "--json", `--outputFile=${report}`]);
    assert.equal(r.code, 0, r.output);
    const j = json<{ numPassedTests: number; numFailedTests: number; numTotalTestSuites: number }>(report);
    assert.deepEqual([j.numPassedTests, j.numFailedTests, j.numTotalTestSuites], [12, 0, 4]);
  });

  it("node:test: --import svc-emulator/testing/node-test-setup + svcEmulatorInstance()", LIMIT, async () => {
    const files = sampleFiles("node-test").map((f) => `test/runners/node-test/${f}`);
    const r = await run(process.execPath, [
      "--import",
      "tsx",
      "--import",
      "svc-emulator/testing/node-test-setup",
      "--test",
      "--test-concurrency=4",
      "--test-reporter=tap",
      ...files,
    ]);
    assert.equal(r.code, 0, r.output);
    assert.equal(files.length, 4);
    assert.match(r.output, /^# pass 12$/m);
    assert.match(r.output, /^# fail 0$/m);
  });

  const skip = existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM} (.ci/run installs Debian's chromium)`;
  type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number }; errors: unknown[] };
  it("Playwright Test: globalSetup + the worker-scoped svcEmulator fixture, alice signed in by Chromium", { ...LIMIT, skip }, async () => {
    // The JSON reporter writes its report to stdout.
    const r = await run(bin("playwright"), ["test", "--config", "test/runners/playwright/playwright.config.ts", "--reporter=json"]);
    assert.equal(r.code, 0, r.output);
    const p = JSON.parse(r.stdout) as PlaywrightReport;
    assert.deepEqual([p.stats.expected, p.stats.unexpected, p.stats.flaky, p.errors.length], [4, 0, 0, 0]);
  });

  it("Playwright Test: the webServer form", { ...LIMIT, skip }, async () => {
    const port = await freePort();
    const r = await run(bin("playwright"), ["test", "--config", "test/runners/playwright/playwright.config.ts", "--reporter=json"], {
      PLAYWRIGHT_WEB_SERVER_PORT: String(port),
    });
    assert.equal(r.code, 0, r.output);
    const p = JSON.parse(r.stdout) as PlaywrightReport;
    assert.deepEqual([p.stats.expected, p.stats.unexpected, p.errors.length], [4, 0, 0]);
    await assert.rejects(fetch(`http://localhost:${port}/emulator/v1/health`), /fetch failed/, "Playwright stopped the emulator");
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

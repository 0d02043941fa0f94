// The npm package as a user gets it (issue 28): `npm pack`, the tarball installed into an empty folder
// (its production dependencies from the registry, the SQLite addon built by npm), and
// `npx svc-emulator start --port 0 --in-memory --json` serving discovery and the UI. The package carries
// what a user needs and nothing of the desktop shell, the tests or source maps; Testcontainers, an
// optional peer dependency, is not installed with it. Slow (an install):
// `npm run test:npx`, a step of its own in .ci/run. better-sqlite3's install takes its addon from a local
// prebuild (prebuild-install's `local-prebuilds`, made here from this checkout's build for the same Node)
// instead of GitHub, which these machines do not reach, and of compiling SQLite again.

import "../helpers/key-stock-env.js";
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), "svc-emulator-npx-"));
const project = join(tmp, "project");
let packed: { filename: string; files: { path: string }[] };
let child: ChildProcess | undefined;

describe("npx svc-emulator from the packed tarball", () => {
  before(() => {
    packed = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", tmp], { cwd: ROOT, encoding: "utf8" }))[0];
    execFileSync("mkdir", ["-p", project]);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "user-project", private: true }));
    const prebuilds = join(tmp, "prebuilds");
    const sqlite = JSON.parse(readFileSync(join(ROOT, "node_modules/better-sqlite3/package.json"), "utf8")) as { version: string };
    const name = `better-sqlite3-v${sqlite.version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
    execFileSync("mkdir", ["-p", prebuilds]);
    execFileSync("tar", ["-czf", join(prebuilds, name), "-C", join(ROOT, "node_modules/better-sqlite3"), "build/Release/better_sqlite3.node"]);
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", join(tmp, packed.filename)], {
      cwd: project,
      stdio: "inherit",
      env: { ...process.env, npm_config_better_sqlite3_local_prebuilds: prebuilds },
    });
  });
  after(() => {
    if (child?.pid) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    rmSync(tmp, { recursive: true, force: true });
  });

  it("packs what a user runs and imports, and none of the desktop shell, tests or source maps", () => {
    const paths = packed.files.map((f) => f.path);
    const testing = ["index.cjs", "vitest.mjs", "jest.cjs", "jest-global-setup.cjs", "jest-global-teardown.cjs", "playwright.cjs", "node-test.mjs"];
    for (const needed of [
      "bin/svc-emulator.cjs",
      "dist/cli.cjs",
      "dist/index.cjs",
      "dist/testcontainers.cjs",
      "dist/renderer/index.html",
      "emulator/src/index.ts",
      "emulator/src/testcontainers/index.ts",
      "package.json",
      ...testing.map((f) => `dist/testing/${f}`),
      "dist/testing/playwright-global-setup.cjs",
      "dist/testing/node-test-setup.mjs",
      "emulator/src/testing/index.ts",
    ])
      assert.ok(paths.includes(needed), needed);
    assert.deepEqual(
      paths.filter((p) => /^(dist\/electron|test|electron|renderer|scripts|bench|\.ci)\/|\.map$|^Containerfile$/.test(p)),
      [],
    );
  });

  it("leaves out Testcontainers, an optional peer dependency that only svc-emulator/testcontainers needs", () => {
    assert.ok(existsSync(join(project, "node_modules/svc-emulator/dist/testcontainers.cjs")));
    assert.equal(existsSync(join(project, "node_modules/testcontainers")), false);
  });

  it("serves svc-emulator/testing from the installed package: a run's emulator and a seeded instance", { timeout: 60_000 }, () => {
    const script = `
      const { runEmulator, createTestInstance } = require("svc-emulator/testing");
      (async () => {
        const run = await runEmulator();
        const i = await createTestInstance(run.connection, { name: "npx" });
        const d = await (await i.fetch(i.issuer + "/.well-known/openid-configuration")).json();
        console.log(JSON.stringify({ started: run.started, issuer: d.issuer === i.issuer, alice: typeof i.ids.users.alice }));
        await run.stop();
      })().catch((e) => { console.error(e); process.exit(1); });`;
    const env = { ...process.env, SVC_EMULATOR_URL: "", SVC_EMULATOR_CONSOLE_TOKEN: "" };
    const printed = execFileSync(process.execPath, ["-e", script], { cwd: project, encoding: "utf8", env });
    assert.deepEqual(JSON.parse(printed), { started: true, issuer: true, alice: "string" });
  });

  it("starts with npx in the empty project and serves discovery and the UI", { timeout: 60_000 }, async () => {
    // A process group of its own: npm exec does not pass SIGTERM on to the command (a SIGTERM to npx
    // alone leaves the emulator running), so it is stopped as a CI runner stops a step, by its group.
    child = spawn("npx", ["svc-emulator", "start", "--port", "0", "--in-memory", "--json"], {
      cwd: project,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let stderr = "";
    child.stderr!.on("data", (c) => (stderr += c));
    const line = await new Promise<string>((resolve, reject) => {
      let out = "";
      child!.stdout!.on("data", (c) => {
        out += c;
        if (out.includes("\n")) resolve(out.split("\n")[0]!);
      });
      child!.on("exit", (code) => reject(new Error(`npx exited ${code}: ${stderr}`)));
    });
    const ready = JSON.parse(line) as { url: string; issuer: string; ui: string };
    const d = (await (await fetch(`${ready.url}/.well-known/openid-configuration`)).json()) as { issuer: string };
    assert.equal(d.issuer, ready.issuer);
    const link = await fetch(ready.ui, { redirect: "manual" });
    assert.equal(link.status, 302);
    const page = await fetch(`${ready.url}/ui/`, { headers: { cookie: link.headers.get("set-cookie")!.split(";")[0]! } });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<div id="root">/);
    process.kill(-child.pid!, "SIGTERM");
    await new Promise((r) => child!.once("exit", r));
    await new Promise((r) => setTimeout(r, 1000));
    await assert.rejects(fetch(`${ready.url}/emulator/v1/health`), /fetch failed/);
  });
});

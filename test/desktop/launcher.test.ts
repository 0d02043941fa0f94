// `npm run desktop` (scripts/desktop.mjs): without Electron's binary it says so in one line and exits 1,
// without attempting the download that requiring the electron package would start; with a binary
// (here a stub named by ELECTRON_OVERRIDE_DIST_PATH) it runs it on dist/electron/main.cjs.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const require = createRequire(import.meta.url);
const electronDist = join(dirname(require.resolve("electron/package.json")), "dist");
const launcher = resolve("scripts/desktop.mjs");

function launch(env: Record<string, string | undefined>) {
  const { ELECTRON_OVERRIDE_DIST_PATH: _, ...rest } = process.env;
  return spawnSync(process.execPath, [launcher, "--flag"], { env: { ...rest, ...env }, encoding: "utf8", timeout: 30_000 });
}

describe("npm run desktop", () => {
  it("without the binary: one line pointing at npm start, exit code 1, and no download attempted", (t) => {
    if (existsSync(electronDist)) return t.skip(`Electron's binary is installed here (${electronDist})`);
    const r = launch({});
    assert.equal(r.status, 1);
    assert.equal(r.stdout, "");
    assert.equal(r.stderr, "Electron's binary is not installed here; run `npm start` for the same UI in your browser\n");
    assert.equal(existsSync(electronDist), false, "nothing was downloaded");
  });

  it("with a binary: runs it on dist/electron/main.cjs with the given arguments and passes its exit code on", () => {
    const dist = mkdtempSync(join(tmpdir(), "svc-electron-dist-"));
    const log = join(dist, "args.txt");
    writeFileSync(join(dist, "electron"), `#!/bin/sh\necho "$@" > "${log}"\nexit 7\n`);
    chmodSync(join(dist, "electron"), 0o755);
    const r = launch({ ELECTRON_OVERRIDE_DIST_PATH: dist });
    assert.equal(r.status, 7, r.stderr);
    assert.equal(readFileSync(log, "utf8"), `${resolve("dist/electron/main.cjs")} --flag\n`);
  });
});

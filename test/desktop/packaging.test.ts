// Packaging (electron-builder.yml), offline: `electron-builder --linux dir` against a stub Electron
// distribution (a folder holding an executable `electron` script, so nothing is downloaded), then the
// app.asar file list, the packaged package.json's `main`, and the shipped files starting the emulator
// under Node (the addon is not rebuilt for Electron's ABI here: that needs Electron's headers).
// The deb, AppImage, dmg and nsis targets need downloads (fpm, the AppImage runtime) and are not run.

import "../helpers/key-stock-env.js";
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import asar from "@electron/asar";

const run = promisify(execFile);

describe("packaging with electron-builder (linux dir, stub Electron)", () => {
  const work = mkdtempSync(join(tmpdir(), "svc-pack-"));
  const out = join(work, "out");
  const unpacked = join(out, "linux-unpacked");
  let files: string[] = [];
  let took = 0;

  before(async () => {
    const stub = join(work, "stub-electron");
    mkdirSync(stub);
    writeFileSync(join(stub, "electron"), "#!/bin/sh\necho stub electron\n");
    chmodSync(join(stub, "electron"), 0o755);
    const started = Date.now();
    await run("npx", ["electron-builder", "--linux", "dir", `-c.electronDist=${stub}`, `-c.directories.output=${out}`], {
      env: { ...process.env, ELECTRON_BUILDER_OFFLINE: "true", CSC_IDENTITY_AUTO_DISCOVERY: "false" },
      maxBuffer: 16 * 1024 * 1024,
    });
    took = Date.now() - started;
    files = asar.listPackage(join(unpacked, "resources", "app.asar"), { isPack: false }).map((f) => f.replace(/\\/g, "/"));
  });

  it("produces the app named svc-emulator with an app.asar (asar on) and the README beside it", (t) => {
    assert.ok(existsSync(join(unpacked, "svc-emulator")));
    assert.ok(existsSync(join(unpacked, "resources", "app.asar")));
    assert.ok(existsSync(join(unpacked, "resources", "README.md")));
    t.diagnostic(`electron-builder --linux dir took ${took} ms`);
  });

  it("holds the shell, the emulator bundle, the built UI and the run-time externals, and nothing else", () => {
    const top = [...new Set(files.map((f) => f.split("/").slice(0, 3).join("/")))].sort();
    assert.deepEqual(top, [
      "/dist",
      "/dist/electron",
      "/dist/index.cjs",
      "/dist/renderer",
      "/node_modules",
      "/node_modules/better-sqlite3",
      "/node_modules/bindings",
      "/node_modules/file-uri-to-path",
      "/node_modules/hash-wasm",
      "/node_modules/nodemailer",
      "/package.json",
    ]);
    for (const f of ["/dist/electron/main.cjs", "/dist/electron/preload.cjs", "/dist/index.cjs", "/dist/renderer/index.html"]) assert.ok(files.includes(f), f);
    assert.ok(
      files.some((f) => /^\/dist\/renderer\/.+\.js$/.test(f)),
      "the UI's scripts",
    );
    // No sources, tests, maps, the CLI or dev dependencies.
    assert.deepEqual(
      files.filter((f) => /\.tsx?$|\.map$|\/test\/|^\/emulator|^\/electron\/|^\/dist\/cli|^\/dist\/internal|\/electron-builder|\/typescript\//.test(f)),
      [],
    );
  });

  it("starts the shell: the packaged package.json's main is dist/electron/main.cjs", () => {
    const pkg = JSON.parse(asar.extractFile(join(unpacked, "resources", "app.asar"), "package.json").toString("utf8"));
    assert.equal(pkg.main, "dist/electron/main.cjs");
    assert.equal(pkg.name, "svc-emulator");
  });

  it("keeps the native addon out of the archive (a .node file cannot load from inside asar)", () => {
    assert.ok(existsSync(join(unpacked, "resources", "app.asar.unpacked", "node_modules", "better-sqlite3", "build", "Release", "better_sqlite3.node")));
  });

  it("carries everything the emulator loads at run time: the extracted app starts it under Node, away from the repository, and serves the UI", async () => {
    const app = join(work, "extracted");
    asar.extractAll(join(unpacked, "resources", "app.asar"), app);
    cpSync(join(unpacked, "resources", "app.asar.unpacked"), app, { recursive: true });
    const script = `
      require("nodemailer"); require("hash-wasm");
      require("./dist/index.cjs").startEmulator({ inMemory: true, port: 0 }).then(async (emu) => {
        const res = await fetch(emu.url + "/.well-known/openid-configuration");
        // The UI comes from the packed dist/renderer (found beside the packed package.json).
        const signedIn = await fetch(emu.uiLink(), { redirect: "manual" });
        const cookie = signedIn.headers.get("set-cookie").split(";")[0];
        const ui = await fetch(emu.url + "/ui/", { headers: { cookie } });
        const html = await ui.text();
        console.log(res.status, ui.status, html.includes('src="/ui/assets/'));
        await emu.close();
      });`;
    const { stdout } = await run(process.execPath, ["-e", script], { cwd: app, env: { ...process.env, NODE_PATH: "" } });
    assert.equal(stdout.trim(), "200 200 true");
  });
});

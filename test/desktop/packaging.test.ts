// Packaging (electron-builder.yml) through `npm run dist`'s guard (scripts/desktop/dist.ts, which npm
// runs after the build), offline, in a copy of the project (its built dist/, node_modules linked), so
// the repository's dist/electron/native is never touched: refused, naming both ABIs and the command
// that fixes it, when the SQLite addon to pack was built for Node's ABI or its build records do not
// describe it; packed with `electron-builder --linux dir` against a stub Electron distribution (a
// folder holding an executable `electron` script, so nothing is downloaded) once the addon was built
// for Electron's ABI (by `npm run build:electron-addon` with a stand-in for @electron/rebuild that
// "builds" a crafted addon exporting Electron's ABI). Then the app.asar file list, the packaged
// package.json's `main`, the Electron build in the unpacked folder, and the shipped files starting the
// emulator under Node. The deb, AppImage, dmg and nsis targets need downloads and are not run.

import "../helpers/key-stock-env.js";
import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { execFile, spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import asar from "@electron/asar";
import { addonAbiOfFile } from "../../scripts/desktop/addon-abi.js";
import { electronTarget } from "../../scripts/desktop/electron-target.js";
import { electronAddonPath } from "../../electron/sqlite-addon-path.js";
import { elfAddonFor, NODE_ADDON } from "./addon-images.js";

const run = promisify(execFile);
const repo = resolve(".");
const target = electronTarget(repo);
const nodeAbi = process.versions.modules;
const ADDON = "dist/electron/native/better_sqlite3.node";

/** A project folder holding what `npm run dist` packs after `npm run build`, with the repository's node_modules linked in. */
function copyProject(work: string): string {
  const project = join(work, "project");
  mkdirSync(join(project, "dist", "electron"), { recursive: true });
  for (const f of ["package.json", "electron-builder.yml", "README.md", "dist/index.cjs", "dist/electron/main.cjs", "dist/electron/preload.cjs"])
    copyFileSync(join(repo, f), join(project, f));
  cpSync(join(repo, "dist", "renderer"), join(project, "dist", "renderer"), { recursive: true });
  symlinkSync(join(repo, "node_modules"), join(project, "node_modules"), "junction");
  return project;
}

describe("npm run dist", () => {
  const work = mkdtempSync(join(tmpdir(), "svc-pack-"));
  const project = copyProject(work);
  const out = join(work, "out");
  const unpacked = join(out, "linux-unpacked");
  const stub = join(work, "stub-electron");
  mkdirSync(stub);
  writeFileSync(join(stub, "electron"), "#!/bin/sh\necho stub electron\n");
  chmodSync(join(stub, "electron"), 0o755);
  const crafted = join(work, "electron-build.node");
  writeFileSync(crafted, elfAddonFor(target.abi));

  const dist = () =>
    spawnSync(
      process.execPath,
      ["--import", "tsx", join(repo, "scripts/desktop/dist.ts"), "--linux", "dir", `-c.electronDist=${stub}`, `-c.directories.output=${out}`],
      {
        cwd: project,
        env: { ...process.env, ELECTRON_BUILDER_OFFLINE: "true", CSC_IDENTITY_AUTO_DISCOVERY: "false" },
        encoding: "utf8",
        maxBuffer: 16 * 1024 * 1024,
        timeout: 180_000,
      },
    );
  const native = (...f: string[]) => join(project, "dist", "electron", "native", ...f);
  const fix = `  Run \`npm run build:electron-addon\` (it builds the addon for Electron ${target.version}, ABI ${target.abi}), then \`npm run dist\` again.`;

  describe("refuses, naming what is wrong and the command that fixes it, and builds nothing", () => {
    it("without an Electron build of the addon", () => {
      const r = dist();
      assert.equal(r.status, 1);
      assert.equal(r.stderr, `npm run dist: refused, nothing was packaged.\n  there is no Electron build of the SQLite addon (${ADDON}).\n${fix}\n`);
      assert.equal(existsSync(out), false);
    });

    it("with the Node build (ABI 115) where the Electron build belongs: both ABIs named", () => {
      mkdirSync(native(), { recursive: true });
      copyFileSync(NODE_ADDON, native("better_sqlite3.node"));
      const r = dist();
      assert.equal(r.status, 1);
      assert.equal(
        r.stderr,
        "npm run dist: refused, nothing was packaged.\n" +
          `  ${ADDON} was built for ABI ${nodeAbi}, but Electron ${target.version} needs ABI ${target.abi}.\n` +
          `  ${ADDON} has no build record (build.json).\n${fix}\n`,
      );
      assert.equal(existsSync(out), false);
    });

    it("when the rebuild records claim an Electron build the file is not (build.json, @electron/rebuild's .forge-meta)", () => {
      writeFileSync(native("build.json"), JSON.stringify({ electron: target.version, abi: target.abi, betterSqlite3: "12.11.1", sha256: "0".repeat(64) }));
      writeFileSync(native(".forge-meta"), `linux--x64--${target.abi}`);
      const r = dist();
      assert.equal(r.status, 1);
      const lines = r.stderr.trimEnd().split("\n");
      assert.ok(
        lines.includes(
          `  build.json records a build for ABI ${target.abi} that is not the file there (ABI ${nodeAbi}): ${ADDON} was replaced after its build.`,
        ),
        r.stderr,
      );
      assert.ok(
        lines.includes(`  @electron/rebuild's record (.forge-meta) claims a build for ABI ${target.abi}, but ${ADDON} is for ABI ${nodeAbi}.`),
        r.stderr,
      );
      assert.equal(lines.at(-1), fix);
      assert.equal(existsSync(out), false);
      rmSync(native(), { recursive: true });
    });
  });

  describe("with the addon built for Electron's ABI (linux dir, stub Electron)", () => {
    let files: string[] = [];
    let took = 0;
    before(() => {
      const built = spawnSync(process.execPath, ["--import", "tsx", join(repo, "scripts/desktop/build-addon.ts")], {
        cwd: project,
        env: {
          ...process.env,
          SVC_EMULATOR_ELECTRON_REBUILD: join(repo, "test/desktop/stub-rebuild.mjs"),
          STUB_REBUILD_ADDON: crafted,
          STUB_REBUILD_LOG: join(work, "rebuild.log"),
        },
        encoding: "utf8",
      });
      assert.equal(built.status, 0, built.stderr);
      assert.equal(built.stderr, `${ADDON}: built for Electron ${target.version} (ABI ${target.abi})\n`);
      const started = Date.now();
      const r = dist();
      took = Date.now() - started;
      assert.equal(r.status, 0, r.stderr);
      files = asar.listPackage(join(unpacked, "resources", "app.asar"), { isPack: false }).map((f) => f.replace(/\\/g, "/"));
    });

    it("produces the app named svc-emulator with an app.asar (asar on) and the README beside it", (t) => {
      assert.ok(existsSync(join(unpacked, "svc-emulator")));
      assert.ok(existsSync(join(unpacked, "resources", "app.asar")));
      assert.ok(existsSync(join(unpacked, "resources", "README.md")));
      t.diagnostic(`npm run dist (electron-builder --linux dir) took ${took} ms`);
    });

    it("holds the shell, the emulator bundle, the built UI, the Electron addon and the run-time externals, and nothing else", () => {
      const top = [...new Set(files.map((f) => f.split("/").slice(0, 3).join("/")))].sort();
      assert.deepEqual(top, [
        "/dist",
        "/dist/electron",
        "/dist/index.cjs",
        "/dist/renderer",
        "/node_modules",
        "/node_modules/better-sqlite3",
        "/node_modules/hash-wasm",
        "/node_modules/nodemailer",
        "/package.json",
      ]);
      for (const f of ["/dist/electron/main.cjs", "/dist/electron/preload.cjs", "/dist/index.cjs", "/dist/renderer/index.html"])
        assert.ok(files.includes(f), f);
      assert.ok(
        files.some((f) => /^\/dist\/renderer\/.+\.js$/.test(f)),
        "the UI's scripts",
      );
      // No sources, tests, maps, the CLI, dev dependencies, the addon's build record or the Node build.
      const unwanted = [
        /\.tsx?$|\.map$|\/test\/|^\/emulator|^\/electron\//,
        /^\/dist\/cli|^\/dist\/internal|\/electron-builder|\/typescript\//,
        /build\.json$|\/better-sqlite3\/build/,
      ];
      assert.deepEqual(
        files.filter((f) => unwanted.some((u) => u.test(f))),
        [],
      );
      assert.deepEqual(
        files.filter((f) => f.endsWith(".node")),
        ["/dist/electron/native/better_sqlite3.node"],
      );
    });

    it("starts the shell: the packaged package.json's main is dist/electron/main.cjs", () => {
      const pkg = JSON.parse(asar.extractFile(join(unpacked, "resources", "app.asar"), "package.json").toString("utf8"));
      assert.equal(pkg.main, "dist/electron/main.cjs");
      assert.equal(pkg.name, "svc-emulator");
    });

    it("unpacks the Electron build of the addon (ABI 150), where the packaged main process looks for it, and no Node build", () => {
      const addon = electronAddonPath(join(unpacked, "resources", "app.asar", "dist", "electron"));
      assert.equal(addon, join(unpacked, "resources", "app.asar.unpacked", "dist", "electron", "native", "better_sqlite3.node"));
      assert.deepEqual(readFileSync(addon), readFileSync(crafted));
      assert.equal(addonAbiOfFile(addon).abi, target.abi);
      assert.equal(existsSync(join(unpacked, "resources", "app.asar.unpacked", "node_modules")), false, "no Node build of the addon");
    });

    it("carries everything the emulator loads at run time: the extracted app starts it under Node (given Node's addon), away from the repository", async () => {
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
      // The packed addon is Electron's: under Node the library is named Node's build, as the app's main process names Electron's.
      const { stdout } = await run(process.execPath, ["-e", script], {
        cwd: app,
        env: { ...process.env, NODE_PATH: "", SVC_EMULATOR_SQLITE_ADDON: NODE_ADDON },
      });
      assert.equal(stdout.trim(), "200 200 true");
    });
  });
});

// `npm run desktop` (scripts/desktop/launch.ts, after the build): it fetches Electron's binary with
// Electron's installer when it is missing and says in one line what is missing and the command that
// fetches it when that fails; it builds the SQLite addon for Electron when it is missing or stale (here
// with a stand-in for @electron/rebuild that "builds" a crafted addon), never touching node_modules'
// Node build, refuses a rebuild that yields the wrong ABI, then runs the binary (a stub named by
// ELECTRON_OVERRIDE_DIST_PATH) on dist/electron/main.cjs with that addon. `npm start` works after it.

import "../helpers/key-stock-env.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { addonAbiOfFile } from "../../scripts/desktop/addon-abi.js";
import { electronBinary } from "../../scripts/desktop/electron-binary.js";
import { electronTarget } from "../../scripts/desktop/electron-target.js";
import { elfAddonFor, NODE_ADDON } from "./addon-images.js";

const launcher = resolve("scripts/desktop/launch.ts");
const target = electronTarget(resolve("."));
const stubRebuild = resolve("test/desktop/stub-rebuild.mjs");
const tmp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));
const sha = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** An Electron addon "built" for Electron's ABI: the Node build with its export renamed. */
const electronAddon = join(tmp("svc-addon-150-"), "better_sqlite3.node");
writeFileSync(electronAddon, elfAddonFor(target.abi));

/** A port nothing listens on: a download mirror there fails at once, whatever the network. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

interface Setup {
  addonDir: string;
  log: string;
  dist: string | undefined;
  env: Record<string, string>;
}

/** A fresh addon folder, a rebuild log, and (unless `binary` is false) a stub Electron that records its arguments and environment. */
function setup(binary = true, rebuildAddon = electronAddon): Setup {
  const work = tmp("svc-launch-");
  const log = join(work, "rebuild.log");
  writeFileSync(log, "");
  let dist: string | undefined;
  if (binary) {
    dist = join(work, "electron-dist");
    spawnSync("mkdir", [dist]);
    writeFileSync(join(dist, "electron"), `#!/bin/sh\necho "$@" > "${dist}/args.txt"\necho "$SVC_EMULATOR_SQLITE_ADDON" > "${dist}/addon.txt"\nexit 7\n`);
    chmodSync(join(dist, "electron"), 0o755);
  }
  const addonDir = join(work, "native");
  return {
    addonDir,
    log,
    dist,
    env: {
      SVC_EMULATOR_ELECTRON_ADDON_DIR: addonDir,
      SVC_EMULATOR_ELECTRON_REBUILD: stubRebuild,
      STUB_REBUILD_LOG: log,
      STUB_REBUILD_ADDON: rebuildAddon,
      // A nodedir from npm's configuration must not reach the rebuild (it makes node-gyp build for the system Node).
      npm_config_nodedir: "/usr/include/node",
      ...(dist ? { ELECTRON_OVERRIDE_DIST_PATH: dist } : {}),
    },
  };
}

function launch(env: Record<string, string>) {
  const { ELECTRON_OVERRIDE_DIST_PATH: _, SVC_EMULATOR_SQLITE_ADDON: __, ...rest } = process.env;
  return spawnSync(process.execPath, ["--import", "tsx", launcher, "--flag"], { env: { ...rest, ...env }, encoding: "utf8", timeout: 60_000 });
}

const rebuilds = (log: string) =>
  readFileSync(log, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe("npm run desktop", () => {
  it("offline without the binary: Electron's installer is run, and one line says what is missing and the command that fetches it", async (t) => {
    const binary = electronBinary(target, {});
    if (existsSync(binary)) return t.skip(`Electron's binary is installed here (${binary})`);
    const s = setup(false);
    const r = launch({ ...s.env, ELECTRON_MIRROR: `http://127.0.0.1:${await closedPort()}/`, electron_config_cache: tmp("svc-electron-cache-") });
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.stdout, "");
    const lines = r.stderr.trimEnd().split("\n");
    assert.deepEqual(lines.slice(0, 1), [`Fetching Electron ${target.version}'s binary with Electron's installer (once, about 100 MB)…`]);
    assert.equal(lines.length, 2, r.stderr);
    assert.match(
      lines[1]!,
      new RegExp(
        `^Electron ${target.version}'s binary is missing and could not be downloaded \\(.+\\); on a networked machine run \`npx --no install-electron\` ` +
          "\\(or `npm run desktop` again\\), or `npm start` for the same UI in your browser$",
      ),
    );
    assert.equal(existsSync(binary), false, "nothing was installed");
    assert.deepEqual(rebuilds(s.log), [], "no addon build without a binary to run it");
  });

  it("builds the Electron addon beside node_modules' Node build, runs the binary with it, and npm start still works after", async () => {
    const nodeAddon = sha(NODE_ADDON);
    const s = setup();
    const r = launch(s.env);
    assert.equal(r.status, 7, r.stderr);
    assert.equal(
      r.stderr,
      `Building the SQLite addon for Electron ${target.version} (ABI ${target.abi}): ` +
        `there is no Electron build of the SQLite addon (${join(s.addonDir, "better_sqlite3.node")})\n`,
    );
    assert.deepEqual(rebuilds(s.log), [
      {
        args: ["--version", target.version, "--module-dir", "<stage>", "--only", "better-sqlite3", "--force"],
        nodedir: null,
        stagedBuild: false,
        stagedSources: true,
      },
    ]);
    const built = join(s.addonDir, "better_sqlite3.node");
    assert.equal(addonAbiOfFile(built).abi, target.abi);
    assert.deepEqual(JSON.parse(readFileSync(join(s.addonDir, "build.json"), "utf8")), {
      electron: target.version,
      abi: target.abi,
      betterSqlite3: JSON.parse(readFileSync(resolve("node_modules/better-sqlite3/package.json"), "utf8")).version,
      sha256: sha(electronAddon),
    });
    assert.equal(readFileSync(join(s.dist!, "args.txt"), "utf8"), `${resolve("dist/electron/main.cjs")} --flag\n`);
    assert.equal(readFileSync(join(s.dist!, "addon.txt"), "utf8"), `${built}\n`);
    // node_modules keeps the Node build, byte for byte.
    assert.equal(sha(NODE_ADDON), nodeAddon);
    assert.equal(addonAbiOfFile(NODE_ADDON).abi, Number(process.versions.modules));

    // A second launch finds the build up to date.
    assert.equal(launch(s.env).status, 7);
    assert.equal(rebuilds(s.log).length, 1);

    // npm start after npm run desktop: the command serves on the Node build.
    const cli = spawn(process.execPath, ["bin/svc-emulator.cjs", "start", "--port", "0", "--in-memory", "--json"], { stdio: ["ignore", "pipe", "pipe"] });
    try {
      const ready = await new Promise<{ url: string }>((resolveReady, reject) => {
        let out = "";
        cli.stdout.on("data", (c: Buffer) => {
          out += c.toString();
          if (out.includes("\n")) resolveReady(JSON.parse(out.split("\n")[0]!));
        });
        cli.on("exit", (code) => reject(new Error(`svc-emulator start exited ${code}`)));
      });
      const discovery = await fetch(`${ready.url}/.well-known/openid-configuration`);
      assert.equal(discovery.status, 200);
      assert.equal(((await discovery.json()) as { issuer: string }).issuer, ready.url);
    } finally {
      cli.kill("SIGTERM");
    }
  });

  it("rebuilds an addon whose record no longer matches (another better-sqlite3, or a replaced file)", () => {
    const s = setup();
    assert.equal(launch(s.env).status, 7);
    const stamp = join(s.addonDir, "build.json");
    writeFileSync(stamp, JSON.stringify({ ...JSON.parse(readFileSync(stamp, "utf8")), betterSqlite3: "11.0.0" }));
    const r = launch(s.env);
    assert.equal(r.status, 7, r.stderr);
    assert.match(r.stderr, /was built from better-sqlite3 11\.0\.0; \d+\.\d+\.\d+ is installed/);
    writeFileSync(join(s.addonDir, "better_sqlite3.node"), elfAddonFor(target.abi).subarray(0, 100_000));
    assert.match(launch(s.env).stderr, /^Building the SQLite addon .*ELF: .* outside the file/);
    assert.equal(rebuilds(s.log).length, 3);
    assert.equal(addonAbiOfFile(join(s.addonDir, "better_sqlite3.node")).abi, target.abi);
  });

  it("refuses a rebuild that exits 0 with an addon for Node's ABI: one line naming both ABIs, nothing installed, Electron not started", () => {
    const s = setup(true, NODE_ADDON);
    const r = launch(s.env);
    assert.equal(r.status, 1);
    const last = r.stderr.trimEnd().split("\n").at(-1)!;
    assert.equal(
      last,
      `The SQLite addon for Electron ${target.version} (ABI ${target.abi}) could not be built (the rebuild exited 0 but made an addon for ABI ` +
        `${process.versions.modules}, not Electron ${target.version}'s ABI ${target.abi} (is npm's nodedir set?); nothing was installed); ` +
        "on a networked machine run `npm run build:electron-addon`",
    );
    assert.equal(existsSync(s.addonDir) ? readdirSync(s.addonDir).length : 0, 0);
    assert.equal(existsSync(join(s.dist!, "args.txt")), false);
  });

  it("a rebuild that fails (offline: no headers, no prebuilt addon) is one line with the command, and Electron is not started", () => {
    const s = setup();
    const r = launch({ ...s.env, STUB_REBUILD_EXIT: "1" });
    assert.equal(r.status, 1);
    assert.equal(
      r.stderr.trimEnd().split("\n").at(-1),
      `The SQLite addon for Electron ${target.version} (ABI ${target.abi}) could not be built (the rebuild for Electron ${target.version} failed ` +
        "(exit code 1)); on a networked machine run `npm run build:electron-addon`",
    );
    assert.equal(existsSync(join(s.dist!, "args.txt")), false);
  });
});

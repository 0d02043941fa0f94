// The Electron build of better-sqlite3's addon, beside (never instead of) the Node build in
// node_modules: built in a copy of the package in a temporary folder, checked, then put in
// dist/electron/native/ with a record of what it was built for (build.json). The desktop main process
// loads it by path (better-sqlite3's nativeBinding); `npm start`, the library and the tests keep
// loading node_modules' Node build, so the two never replace each other.

import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join, relative } from "node:path";
import { addonAbiOfFile } from "./addon-abi.js";
import { type ElectronTarget, packageDir, packageVersion } from "./electron-target.js";

export const ADDON_FILE = "better_sqlite3.node";
export const STAMP_FILE = "build.json";
/** @electron/rebuild's own record of a build, `<platform>--<arch>--<abi>` (its "rebuild cache"). */
export const FORGE_META = ".forge-meta";
/** The command that (re)builds the Electron addon; named in every refusal. */
export const BUILD_COMMAND = "npm run build:electron-addon";

/** What build.json records: the file's digest and what it was built for and from. */
export interface AddonStamp {
  electron: string;
  abi: number;
  betterSqlite3: string;
  sha256: string;
}

export class AddonBuildError extends Error {}

/** Where the Electron build lives: dist/electron/native, or SVC_EMULATOR_ELECTRON_ADDON_DIR. */
export const addonDir = (root: string, env: NodeJS.ProcessEnv = process.env) => env.SVC_EMULATOR_ELECTRON_ADDON_DIR || join(root, "dist", "electron", "native");

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

function betterSqlite3(root: string): { dir: string; version: string } {
  const dir = packageDir(root, "better-sqlite3");
  if (!dir) throw new AddonBuildError("better-sqlite3 is not installed: run `npm install`");
  return { dir, version: packageVersion(dir) };
}

function readStamp(file: string): AddonStamp | string {
  try {
    const s = JSON.parse(readFileSync(file, "utf8"));
    if (typeof s.electron === "string" && Number.isInteger(s.abi) && typeof s.betterSqlite3 === "string" && typeof s.sha256 === "string") return s;
  } catch {
    // fall through: unreadable
  }
  return `${file} is not a build record`;
}

/**
 * What is wrong with the Electron build in `dir` for `target`: empty when it is there, was built for
 * Electron's ABI from the installed better-sqlite3, and its records (build.json, @electron/rebuild's
 * .forge-meta) describe this very file. Each problem is one sentence naming the file.
 */
export function addonProblems(root: string, dir: string, target: ElectronTarget): string[] {
  const addon = join(dir, ADDON_FILE);
  const inRoot = relative(root, addon);
  const shown = inRoot.startsWith("..") || isAbsolute(inRoot) ? addon : inRoot;
  if (!existsSync(addon)) return [`there is no Electron build of the SQLite addon (${shown})`];
  let abi: number | undefined;
  try {
    abi = addonAbiOfFile(addon).abi;
  } catch (e) {
    return [(e as Error).message];
  }
  const problems: string[] = [];
  if (abi !== target.abi)
    problems.push(`${shown} was built for ABI ${abi ?? "(none: no node_register_module export)"}, but Electron ${target.version} needs ABI ${target.abi}`);
  const stamp = readStamp(join(dir, STAMP_FILE));
  if (typeof stamp === "string") problems.push(existsSync(join(dir, STAMP_FILE)) ? stamp : `${shown} has no build record (${STAMP_FILE})`);
  else {
    if (stamp.sha256 !== sha256(addon) || stamp.abi !== abi)
      problems.push(`${STAMP_FILE} records a build for ABI ${stamp.abi} that is not the file there (ABI ${abi}): ${shown} was replaced after its build`);
    if (stamp.electron !== target.version) problems.push(`${shown} was built for Electron ${stamp.electron}; the pinned Electron is ${target.version}`);
    const installed = betterSqlite3(root).version;
    if (stamp.betterSqlite3 !== installed) problems.push(`${shown} was built from better-sqlite3 ${stamp.betterSqlite3}; ${installed} is installed`);
  }
  const meta = join(dir, FORGE_META);
  if (existsSync(meta)) {
    const claimed = Number(/--(\d+)\s*$/.exec(readFileSync(meta, "utf8"))?.[1]);
    if (claimed !== abi) problems.push(`@electron/rebuild's record (${FORGE_META}) claims a build for ABI ${claimed}, but ${shown} is for ABI ${abi}`);
  }
  return problems;
}

/**
 * npm settings that make node-gyp build against other headers than Electron's: with `nodedir` set,
 * a rebuild "for Electron" compiles against the system Node's headers, exits 0 and yields the Node ABI.
 */
const FOREIGN_HEADERS = /^npm_config_(nodedir|target|runtime|disturl|dist_url)$/i;

export interface BuildOptions {
  root: string;
  dir: string;
  target: ElectronTarget;
  /** The rebuild command's script, run with node: @electron/rebuild's CLI, or SVC_EMULATOR_ELECTRON_REBUILD's. */
  rebuildCli: string;
  env?: NodeJS.ProcessEnv;
}

/** The script of @electron/rebuild's command line, or the one SVC_EMULATOR_ELECTRON_REBUILD names (a stand-in for tests). */
export function rebuildCli(root: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.SVC_EMULATOR_ELECTRON_REBUILD) return env.SVC_EMULATOR_ELECTRON_REBUILD;
  const dir = packageDir(root, "@electron/rebuild");
  if (!dir) throw new AddonBuildError("@electron/rebuild is not installed: run `npm install`");
  return join(dir, "lib", "cli.js");
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    // Its progress goes to the user's terminal.
    const child = spawn(process.execPath, [script, ...args], { stdio: ["ignore", "inherit", "inherit"], env });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

/**
 * Builds the addon for `target` in a copy of better-sqlite3 (its build/ left out, so node_modules'
 * Node build is neither used nor touched), checks the result's ABI, and only then replaces the
 * Electron build in `dir` and its record. A failed or wrong build leaves `dir` as it was.
 */
export async function buildElectronAddon(options: BuildOptions): Promise<void> {
  const { root, dir, target } = options;
  const sqlite = betterSqlite3(root);
  const stage = mkdtempSync(join(tmpdir(), "svc-electron-addon-"));
  try {
    const modules = join(stage, "node_modules");
    cpSync(sqlite.dir, join(modules, "better-sqlite3"), { recursive: true, filter: (src) => relative(sqlite.dir, src).split(/[\\/]/)[0] !== "build" });
    // Lets @electron/rebuild fetch a prebuilt Electron addon before it compiles one.
    const prebuild = packageDir(root, "prebuild-install");
    if (prebuild) symlinkSync(prebuild, join(modules, "prebuild-install"), "junction");
    writeFileSync(
      join(stage, "package.json"),
      JSON.stringify({ name: "svc-electron-addon", private: true, dependencies: { "better-sqlite3": sqlite.version } }),
    );
    const env = Object.fromEntries(Object.entries(options.env ?? process.env).filter(([k]) => !FOREIGN_HEADERS.test(k)));
    const args = ["--version", target.version, "--module-dir", stage, "--only", "better-sqlite3", "--force"];
    const code = await run(options.rebuildCli, args, env);
    if (code !== 0) throw new AddonBuildError(`the rebuild for Electron ${target.version} failed (exit code ${code})`);
    const built = join(modules, "better-sqlite3", "build", "Release", ADDON_FILE);
    if (!existsSync(built)) throw new AddonBuildError(`the rebuild for Electron ${target.version} exited 0 but made no ${ADDON_FILE}`);
    const { abi } = addonAbiOfFile(built);
    if (abi !== target.abi)
      throw new AddonBuildError(
        `the rebuild exited 0 but made an addon for ABI ${abi}, not Electron ${target.version}'s ABI ${target.abi} ` +
          "(is npm's nodedir set?); nothing was installed",
      );
    mkdirSync(dir, { recursive: true });
    const stamp: AddonStamp = { electron: target.version, abi, betterSqlite3: sqlite.version, sha256: sha256(built) };
    // The record goes first and the file last, each whole: a build cut short leaves a record that does not match, so it is redone.
    rmSync(join(dir, FORGE_META), { force: true });
    writeFileSync(join(dir, `${STAMP_FILE}.tmp`), `${JSON.stringify(stamp, null, 2)}\n`);
    renameSync(join(dir, `${STAMP_FILE}.tmp`), join(dir, STAMP_FILE));
    cpSync(built, join(dir, `${ADDON_FILE}.tmp`));
    renameSync(join(dir, `${ADDON_FILE}.tmp`), join(dir, ADDON_FILE));
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

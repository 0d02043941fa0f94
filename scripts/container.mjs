// `npm run container`: builds the container image of the command (Containerfile; issue 28).
//   node scripts/container.mjs [--engine podman|docker] [--base IMAGE] [--tag NAME]
// 1. The base: by default a Debian 13 root file system with Node 20 from Debian's packages
//    (mmdebstrap, no image registry), imported as localhost/svc-emulator-base:trixie when missing;
//    `--base node:20-bookworm-slim` (or any Node 20 image) uses a public base instead.
// 2. The context, .container/: the bundles the command runs (dist/ of `npm run build`), bin/, and the
//    production dependencies the bundles load (scripts/bundle-externals.mjs) with theirs, as the lockfile
//    pins them; the SQLite addon is this machine's build, so this runs under Node 20 on Linux like the image.
// 3. `<engine> build --format docker` (podman keeps HEALTHCHECK only in the docker format).

import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, lstatSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { COMMAND_EXTERNALS } from "./bundle-externals.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CONTEXT = join(ROOT, ".container");
const APP = join(CONTEXT, "app");
export const DEFAULT_BASE = "localhost/svc-emulator-base:trixie";
export const DEFAULT_TAG = "localhost/svc-emulator:latest";

// Debian's documentation, manuals and translations are not installed into the base (about 47 MB); the
// copyright files stay.
const BASE_COMMAND = [
  "mmdebstrap --variant=minbase --include=nodejs --quiet",
  ...["doc/*", "man/*", "info/*", "locale/*", "lintian/*"].map((p) => `--dpkgopt='path-exclude=/usr/share/${p}'`),
  "--dpkgopt='path-include=/usr/share/doc/*/copyright'",
  `--customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/* "$1"/var/log/*'`,
  "trixie -",
].join(" ");

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: "inherit", ...opts });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.error?.message ?? `exit ${r.status}`})`);
  return r;
}

const imageExists = (engine, image) => spawnSync(engine, ["image", "exists", image], { stdio: "ignore" }).status === 0;

/** The Debian 13 base, made once from Debian's packages. */
function ensureBase(engine, base) {
  if (base !== DEFAULT_BASE || imageExists(engine, base)) return;
  console.log(`container: making ${base} (mmdebstrap trixie with nodejs)`);
  run("bash", ["-o", "pipefail", "-c", `${BASE_COMMAND} | ${engine} import --change 'CMD ["/bin/sh"]' - ${base}`]);
}

/** The directory of package `name` as Node resolves it from `from` (a package directory inside APP). */
function packageDir(name, from) {
  for (let dir = from; dir.startsWith(APP); dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dir === APP) break;
  }
  return undefined;
}

/** The packages the externals need, themselves included (optional ones when installed). */
function closure() {
  const keep = new Set();
  const visit = (name, from, optional) => {
    const dir = packageDir(name, from);
    if (!dir) {
      if (optional) return;
      throw new Error(`container: ${name} (needed from ${from}) is not installed`);
    }
    if (keep.has(dir)) return;
    keep.add(dir);
    const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, dir, false);
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) visit(dep, dir, true);
  };
  for (const name of COMMAND_EXTERNALS) visit(name, APP, false);
  return keep;
}

/** Removes every package directory under node_modules that is neither kept nor holds a kept one. */
function prune(nodeModules, keep) {
  if (!existsSync(nodeModules)) return;
  for (const entry of readdirSync(nodeModules)) {
    const dir = join(nodeModules, entry);
    if (entry.startsWith(".")) continue;
    if (entry.startsWith("@")) {
      prune(dir, keep);
      if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
      continue;
    }
    if (!keep.has(dir)) rmSync(dir, { recursive: true, force: true });
    else prune(join(dir, "node_modules"), keep);
  }
}

/** Files no run reads: type declarations, source maps, markdown. */
function dropNonRuntimeFiles(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (entry === ".bin") rmSync(path, { recursive: true });
    else if (lstatSync(path).isDirectory()) dropNonRuntimeFiles(path);
    else if (/\.(d\.[cm]?ts|map|md|markdown)$/i.test(entry)) rmSync(path);
  }
}

function prepareContext() {
  if (process.platform !== "linux" || process.versions.modules !== "115")
    throw new Error(
      `container: the image runs Node 20 (ABI 115) on Linux; build it with Node 20 on Linux (this is Node ${process.version} on ${process.platform})`,
    );
  for (const f of ["dist/cli.cjs", "dist/stock-maker.cjs", "dist/renderer/index.html"])
    if (!existsSync(join(ROOT, f))) throw new Error(`container: ${f} is missing; run npm run build first`);
  const addon = join(ROOT, "node_modules/better-sqlite3/build/Release/better_sqlite3.node");
  if (!existsSync(addon)) throw new Error("container: node_modules/better-sqlite3 has no built addon; run npm ci first");

  // The production install is made again only when the lockfile changed.
  const lock = readFileSync(join(ROOT, "package-lock.json"));
  const stamp = createHash("sha256").update(lock).update(COMMAND_EXTERNALS.join(",")).digest("hex");
  const stampFile = join(CONTEXT, "deps.sha256");
  const modules = join(APP, "node_modules");
  if (!existsSync(stampFile) || readFileSync(stampFile, "utf8") !== stamp || !existsSync(modules)) {
    rmSync(CONTEXT, { recursive: true, force: true });
    mkdirSync(APP, { recursive: true });
    cpSync(join(ROOT, "package.json"), join(APP, "package.json"));
    cpSync(join(ROOT, "package-lock.json"), join(APP, "package-lock.json"));
    // Scripts off: the project's `prepare` builds with dev tools, and the addon is copied below.
    run("npm", ["ci", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: APP });
    prune(modules, closure());
    const sqlite = join(modules, "better-sqlite3");
    for (const f of ["deps", "src", "binding.gyp"]) rmSync(join(sqlite, f), { recursive: true, force: true });
    mkdirSync(join(sqlite, "build/Release"), { recursive: true });
    cpSync(addon, join(sqlite, "build/Release/better_sqlite3.node"));
    dropNonRuntimeFiles(modules);
    rmSync(join(APP, "package-lock.json"));
    writeFileSync(stampFile, stamp);
  }
  // What the command runs, fresh every time.
  for (const d of ["bin", "dist"]) rmSync(join(APP, d), { recursive: true, force: true });
  cpSync(join(ROOT, "bin"), join(APP, "bin"), { recursive: true });
  for (const f of ["cli.cjs", "cli.cjs.cache", "stock-maker.cjs", "renderer"])
    if (existsSync(join(ROOT, "dist", f))) cpSync(join(ROOT, "dist", f), join(APP, "dist", f), { recursive: true });
  cpSync(join(ROOT, "package.json"), join(APP, "package.json"));
}

export function buildImage({ engine = "podman", base = DEFAULT_BASE, tag = DEFAULT_TAG } = {}) {
  ensureBase(engine, base);
  prepareContext();
  const format = engine === "podman" ? ["--format", "docker"] : [];
  run(engine, ["build", ...format, "--build-arg", `BASE=${base}`, "-f", join(ROOT, "Containerfile"), "-t", tag, CONTEXT]);
  return tag;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values } = parseArgs({ options: { engine: { type: "string" }, base: { type: "string" }, tag: { type: "string" } } });
  try {
    const tag = buildImage({ engine: values.engine ?? process.env.CONTAINER_ENGINE, base: values.base, tag: values.tag });
    console.log(`container: built ${tag}`);
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}

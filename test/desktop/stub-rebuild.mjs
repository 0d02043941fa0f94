// A stand-in for @electron/rebuild's command line, named by SVC_EMULATOR_ELECTRON_REBUILD in the
// tests (the real one downloads Electron's headers or a prebuilt addon). It takes the same arguments,
// logs what it was given and saw (STUB_REBUILD_LOG), and "builds" by copying STUB_REBUILD_ADDON where
// node-gyp puts its result, or exits with STUB_REBUILD_EXIT without building.

import { appendFileSync, copyFileSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { version: { type: "string" }, "module-dir": { type: "string" }, only: { type: "string" }, force: { type: "boolean" } },
});
const moduleDir = values["module-dir"];
const release = join(moduleDir, "node_modules", "better-sqlite3", "build", "Release");
appendFileSync(
  process.env.STUB_REBUILD_LOG,
  `${JSON.stringify({
    args: process.argv.slice(2).map((a) => (a === moduleDir ? "<stage>" : a)),
    nodedir: process.env.npm_config_nodedir ?? null,
    stagedBuild: existsSync(join(moduleDir, "node_modules", "better-sqlite3", "build")),
    stagedSources: existsSync(join(moduleDir, "node_modules", "better-sqlite3", "binding.gyp")),
  })}\n`,
);
if (process.env.STUB_REBUILD_EXIT) process.exit(Number(process.env.STUB_REBUILD_EXIT));
mkdirSync(release, { recursive: true });
copyFileSync(process.env.STUB_REBUILD_ADDON, join(release, "better_sqlite3.node"));

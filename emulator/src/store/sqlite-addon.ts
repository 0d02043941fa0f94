// Where better-sqlite3's native addon is. Left to itself, better-sqlite3 finds it through the
// `bindings` package, which reads a stack trace and tries a dozen paths on the first open: 3 to 8 ms
// of every start here, against under 2 ms to load the addon by its path. npm builds the addon at
// build/Release in the package, for Node's ABI. The desktop app runs in Electron, whose ABI differs:
// its main process names its own build of the addon in SVC_EMULATOR_SQLITE_ADDON (it lives in
// dist/electron/native, beside node_modules' Node build, never instead of it).

import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The variable naming the addon's file, for a runtime whose ABI is not the one npm built for (Electron). */
export const SQLITE_ADDON_ENV = "SVC_EMULATOR_SQLITE_ADDON";

let looked = false;
let found: string | undefined;

/** The `nativeBinding` option for `new BetterSqlite3()`: the addon's path, or undefined to let better-sqlite3 find it. */
export function sqliteAddon(): string | undefined {
  if (looked) return found;
  looked = true;
  const named = process.env[SQLITE_ADDON_ENV];
  if (named) return (found = named);
  if (process.versions.electron) return found;
  try {
    const addon = join(dirname(createRequire(import.meta.url).resolve("better-sqlite3/package.json")), "build", "Release", "better_sqlite3.node");
    if (existsSync(addon)) found = addon;
  } catch {
    // not resolvable from here: better-sqlite3 finds its addon itself
  }
  return found;
}

// Where better-sqlite3's native addon is. Left to itself, better-sqlite3 finds it through the
// `bindings` package, which reads a stack trace and tries a dozen paths on the first open: 3 to 8 ms
// of every start here, against under 2 ms to load the addon by its path. npm builds the addon at
// build/Release in the package; when it is not there (another layout, or the desktop shell, whose
// packaged modules Electron resolves itself) better-sqlite3 looks for it as before.

import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

let looked = false;
let found: string | undefined;

/** The `nativeBinding` option for `new BetterSqlite3()`: the addon's path, or undefined to let better-sqlite3 find it. */
export function sqliteAddon(): string | undefined {
  if (looked) return found;
  looked = true;
  if (process.versions.electron) return found;
  try {
    const addon = join(dirname(createRequire(import.meta.url).resolve("better-sqlite3/package.json")), "build", "Release", "better_sqlite3.node");
    if (existsSync(addon)) found = addon;
  } catch {
    // not resolvable from here: better-sqlite3 finds its addon itself
  }
  return found;
}

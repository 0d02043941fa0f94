// `npm run desktop` (after the build): Electron's binary fetched with Electron's installer when it is
// missing, the SQLite addon built for Electron when it is missing or stale (electron-addon.ts), then
// the app started on dist/electron/main.cjs with that addon. What cannot be had is said in one line
// with the command that would get it, and the exit code is 1.

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ADDON_FILE, addonDir, addonProblems, BUILD_COMMAND, buildElectronAddon, rebuildCli } from "./electron-addon.js";
import { electronBinary, FETCH_COMMAND, fetchElectron } from "./electron-binary.js";
import { electronTarget } from "./electron-target.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

async function main(): Promise<void> {
  let target: ReturnType<typeof electronTarget>;
  try {
    target = electronTarget(root);
  } catch (e) {
    fail((e as Error).message);
  }
  const mainScript = join(root, "dist", "electron", "main.cjs");
  if (!existsSync(mainScript)) fail("dist/electron/main.cjs is missing; run `npm run build` first");

  const binary = electronBinary(target);
  if (!existsSync(binary)) {
    console.error(`Fetching Electron ${target.version}'s binary with Electron's installer (once, about 100 MB)…`);
    const why = await fetchElectron(target);
    if (why)
      fail(
        `Electron ${target.version}'s binary is missing and could not be downloaded (${why}); ` +
          `on a networked machine run \`${FETCH_COMMAND}\` (or \`npm run desktop\` again), or \`npm start\` for the same UI in your browser`,
      );
  }

  const dir = addonDir(root);
  const problems = addonProblems(root, dir, target);
  if (problems.length > 0) {
    console.error(`Building the SQLite addon for Electron ${target.version} (ABI ${target.abi}): ${problems.join("; ")}`);
    try {
      await buildElectronAddon({ root, dir, target, rebuildCli: rebuildCli(root) });
    } catch (e) {
      fail(
        `The SQLite addon for Electron ${target.version} (ABI ${target.abi}) could not be built (${(e as Error).message}); ` +
          `on a networked machine run \`${BUILD_COMMAND}\``,
      );
    }
  }

  const child = spawn(binary, [mainScript, ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, SVC_EMULATOR_SQLITE_ADDON: join(dir, ADDON_FILE) },
  });
  child.on("exit", (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
}

await main();

// Electron's binary: where the electron package puts it, and fetching it with the package's own
// installer (install.js: @electron/get, its checksums, its progress bar on a terminal, its cache,
// ELECTRON_MIRROR). It is looked for the way the package's index.js does (ELECTRON_OVERRIDE_DIST_PATH,
// else node_modules/electron/dist) WITHOUT requiring that package, whose index.js would start the
// download itself and throw a stack trace when offline.

import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ElectronTarget } from "./electron-target.js";

/** The binary's path inside a distribution folder, per platform (what the package's path.txt records). */
const PLATFORM_PATH: Record<string, string> = { darwin: "Electron.app/Contents/MacOS/Electron", win32: "electron.exe" };

/** The command that fetches the binary, named when it is missing. */
export const FETCH_COMMAND = "npx --no install-electron";

/** Where Electron's binary is or would be. */
export function electronBinary(target: Pick<ElectronTarget, "packageDir">, env = process.env, platform = process.platform): string {
  const pathTxt = join(target.packageDir, "path.txt");
  const inDist = existsSync(pathTxt) ? readFileSync(pathTxt, "utf8").trim() : (PLATFORM_PATH[platform] ?? "electron");
  if (env.ELECTRON_OVERRIDE_DIST_PATH) return join(env.ELECTRON_OVERRIDE_DIST_PATH, inDist);
  return join(target.packageDir, "dist", inDist);
}

/**
 * Runs the electron package's installer. On a terminal its output (the progress bar) is the user's;
 * elsewhere it is kept and its first line reported. Answers undefined when the binary is there after
 * it, else why not, in a few words.
 */
export function fetchElectron(target: ElectronTarget, env = process.env): Promise<string | undefined> {
  const tty = process.stderr.isTTY === true;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(target.packageDir, "install.js")], { stdio: ["ignore", "inherit", tty ? "inherit" : "pipe"], env });
    let errors = "";
    child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString("utf8")));
    child.on("error", (e) => resolve(e.message));
    child.on("exit", (code) => {
      if (code === 0 && existsSync(electronBinary(target, env))) return resolve(undefined);
      const first = errors
        .split("\n")
        .map((l) => l.trim())
        .find((l) => l !== "");
      resolve(first ?? (tty ? "see the installer's message above" : `the installer exited with code ${code}`));
    });
  });
}

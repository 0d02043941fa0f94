#!/usr/bin/env node
// `npm run desktop`: starts the desktop app with Electron's binary where it is installed. It looks
// for the binary the way the electron package's index.js does (ELECTRON_OVERRIDE_DIST_PATH, else
// node_modules/electron/dist) WITHOUT requiring that package: since Electron 42 requiring it downloads
// the binary when it is missing, which fails offline. No binary: one line, and exit code 1.

import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The binary's path inside a distribution folder, per platform (what the package's path.txt records). */
const PLATFORM_PATH = { darwin: "Electron.app/Contents/MacOS/Electron", win32: "electron.exe" };

/** Where Electron's binary would be; undefined when the electron package is not installed at all. */
export function electronBinary(env = process.env, platform = process.platform) {
  let pkgDir;
  try {
    // Resolving package.json reads no code of the package.
    pkgDir = dirname(createRequire(join(root, "package.json")).resolve("electron/package.json"));
  } catch {
    pkgDir = undefined;
  }
  const pathTxt = pkgDir && join(pkgDir, "path.txt");
  const inDist = pathTxt && existsSync(pathTxt) ? readFileSync(pathTxt, "utf8").trim() : (PLATFORM_PATH[platform] ?? "electron");
  if (env.ELECTRON_OVERRIDE_DIST_PATH) return join(env.ELECTRON_OVERRIDE_DIST_PATH, inDist);
  return pkgDir && join(pkgDir, "dist", inDist);
}

export const MISSING = "Electron's binary is not installed here; run `npm start` for the same UI in your browser";

if (import.meta.url === `file://${process.argv[1]}`) {
  const binary = electronBinary();
  if (!binary || !existsSync(binary)) {
    console.error(MISSING);
    process.exit(1);
  }
  const main = join(root, "dist", "electron", "main.cjs");
  if (!existsSync(main)) {
    console.error("dist/electron/main.cjs is missing; run `npm run build` first");
    process.exit(1);
  }
  const child = spawn(binary, [main, ...process.argv.slice(2)], { stdio: "inherit" });
  child.on("exit", (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
}

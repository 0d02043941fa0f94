// `npm run dist` (after the build): packages the desktop app with electron-builder, but only when the
// SQLite addon it would pack (dist/electron/native, electron-builder.yml) was built for the packaged
// Electron's ABI and its build records describe that very file. Otherwise it names both ABIs (or what
// is wrong) and the command that fixes it, builds nothing, and exits 1.

import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { addonDir, addonProblems, BUILD_COMMAND } from "./electron-addon.js";
import { electronTarget } from "./electron-target.js";

const root = resolve(process.cwd());
let problems: string[];
try {
  const target = electronTarget(root);
  problems = addonProblems(root, addonDir(root), target).map((p) => `${p}.`);
  if (problems.length > 0)
    problems.push(`Run \`${BUILD_COMMAND}\` (it builds the addon for Electron ${target.version}, ABI ${target.abi}), then \`npm run dist\` again.`);
} catch (e) {
  problems = [(e as Error).message];
}
if (problems.length > 0) {
  console.error(`npm run dist: refused, nothing was packaged.\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
const cli = createRequire(join(root, "package.json")).resolve("electron-builder/cli.js");
const child = spawn(process.execPath, [cli, ...process.argv.slice(2)], { stdio: "inherit" });
child.on("exit", (code, signal) => process.exit(signal ? 1 : (code ?? 0)));

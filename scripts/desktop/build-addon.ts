// `npm run build:electron-addon`: (re)builds the SQLite addon for the pinned Electron into
// dist/electron/native (electron-addon.ts), whatever state it is in; `npm run dist` packs it.

import { relative, resolve } from "node:path";
import { ADDON_FILE, addonDir, buildElectronAddon, rebuildCli } from "./electron-addon.js";
import { electronTarget } from "./electron-target.js";

const root = resolve(process.cwd());
try {
  const target = electronTarget(root);
  const dir = addonDir(root);
  await buildElectronAddon({ root, dir, target, rebuildCli: rebuildCli(root) });
  console.error(`${relative(root, resolve(dir, ADDON_FILE))}: built for Electron ${target.version} (ABI ${target.abi})`);
} catch (e) {
  console.error(`The SQLite addon for Electron could not be built: ${(e as Error).message}`);
  process.exit(1);
}

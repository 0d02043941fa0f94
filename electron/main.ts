// The main process's entry (dist/electron/main.cjs): Electron's objects from the adapter, the
// emulator from the library bundle (dist/index.cjs, kept external by scripts/build.mjs so the app
// carries one copy of it), and the lifecycle of desktop-app.ts. In Electron the emulator opens SQLite
// through the addon built for Electron's ABI (sqlite-addon-path.ts), named before the library loads
// it; under Node (the tests' fake electron) it keeps node_modules' Node build.

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulator } from "../emulator/src/index.js";
import { mainPorts } from "./adapter.js";
import { runDesktop } from "./desktop-app.js";
import { electronAddonPath } from "./sqlite-addon-path.js";

const here = dirname(fileURLToPath(import.meta.url));
if (process.versions.electron) process.env.SVC_EMULATOR_SQLITE_ADDON ||= electronAddonPath(here);
const ports = mainPorts();

void runDesktop(ports, {
  startEmulator,
  preloadPath: join(here, "preload.cjs"),
  mainPath: join(here, "main.cjs"),
  readmePath: ports.app.isPackaged ? join(ports.app.resourcesPath, "README.md") : join(here, "..", "..", "README.md"),
});

// The main process's entry (dist/electron/main.cjs): Electron's objects from the adapter, the
// emulator from the library bundle (dist/index.cjs, kept external by scripts/build.mjs so the app
// carries one copy of it), and the lifecycle of desktop-app.ts.

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulator } from "../emulator/src/index.js";
import { mainPorts } from "./adapter.js";
import { runDesktop } from "./desktop-app.js";

const here = dirname(fileURLToPath(import.meta.url));
const ports = mainPorts();

void runDesktop(ports, {
  startEmulator,
  preloadPath: join(here, "preload.cjs"),
  readmePath: ports.app.isPackaged ? join(ports.app.resourcesPath, "README.md") : join(here, "..", "..", "README.md"),
});

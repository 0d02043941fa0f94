// The main process's entry (dist/electron/main.cjs): Electron's objects from the adapter, the
// emulator from the library bundle (dist/index.cjs, kept external by scripts/build.mjs so the app
// carries one copy of it), and the lifecycle of desktop-app.ts.

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startEmulator } from "../emulator/src/index.js";
import { mainPorts } from "./adapter.js";
import { runDesktop } from "./desktop-app.js";
import type { DesktopEmulator } from "./ports.js";

const here = dirname(fileURLToPath(import.meta.url));
const ports = mainPorts();

void runDesktop(ports, {
  startEmulator: async (options) => {
    const emu = await startEmulator(options);
    // Until the handle's uiLink() lands (issue 13), the UI's address without a sign-in token.
    const own = (emu as typeof emu & Partial<Pick<DesktopEmulator, "uiLink">>).uiLink?.bind(emu);
    return Object.assign(emu, { uiLink: () => own?.() ?? `${emu.url}/ui/` });
  },
  preloadPath: join(here, "preload.cjs"),
  readmePath: ports.app.isPackaged ? join(ports.app.resourcesPath, "README.md") : join(here, "..", "..", "README.md"),
});

// The main process's side of the preload: one handler per exposed function, each refusing a sender
// frame that is not on the emulator's origin before it does anything.

import { CHANNELS, type DesktopFunction } from "./channels.js";
import { chooseJsonFile, saveBytesAs } from "./file-dialogs.js";
import { checkSender } from "./security.js";
import { checkSettingsChange, settingsView } from "./settings.js";
import type { ShellContext } from "./shell-context.js";

export function registerIpc(shell: ShellContext): void {
  const { dialog } = shell.ports;
  const handlers: Record<DesktopFunction, (...args: unknown[]) => unknown> = {
    openImportFile: () => chooseJsonFile(dialog, shell.window, "Open org file"),
    saveExport: (name, bytes) => saveBytesAs(dialog, shell.window, name, bytes),
    revealDataDir: async () => {
      const error = await shell.ports.shell.openPath(shell.dataDir);
      if (error) throw new Error(`could not open the data folder: ${error}`);
    },
    getSettings: () => settingsView(shell.settings()),
    setSettings: (change) => shell.changeSettings(checkSettingsChange(change)),
  };
  for (const [name, handler] of Object.entries(handlers)) {
    shell.ports.ipcMain.handle(CHANNELS[name as DesktopFunction], (event, ...args) => {
      checkSender(event, shell.emulator.url);
      return handler(...args);
    });
  }
}

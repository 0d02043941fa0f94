// The IPC channel of each function the preload exposes: one list shared by the preload and the main
// process's handlers, so neither can name a channel the other does not know.

export const CHANNELS = {
  openImportFile: "svc-desktop:open-import-file",
  saveExport: "svc-desktop:save-export",
  revealDataDir: "svc-desktop:reveal-data-dir",
  getSettings: "svc-desktop:get-settings",
  setSettings: "svc-desktop:set-settings",
} as const;

export type DesktopFunction = keyof typeof CHANNELS;

/** The name under which the preload exposes the functions in the page (`window.svcDesktop`). */
export const API_KEY = "svcDesktop";

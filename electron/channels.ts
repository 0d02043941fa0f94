// The IPC channel of each function the preload exposes, and of each message the main process sends the
// page: one list shared by the preload and the main process, so neither can name a channel the other
// does not know.

export const CHANNELS = {
  openImportFile: "svc-desktop:open-import-file",
  saveExport: "svc-desktop:save-export",
  revealDataDir: "svc-desktop:reveal-data-dir",
  getSettings: "svc-desktop:get-settings",
  setSettings: "svc-desktop:set-settings",
} as const;

export type DesktopFunction = keyof typeof CHANNELS;

/** Messages from the main process to the page (through the preload's listeners). */
export const EVENTS = {
  /** A navigation, redirect or new window the shell refused: `{ url, kind }` (security.ts BlockedNotice). */
  navigationBlocked: "svc-desktop:navigation-blocked",
} as const;

/** The name under which the preload exposes the functions in the page (`window.svcDesktop`). */
export const API_KEY = "svcDesktop";

// The functions the preload puts on `window.svcDesktop`: exactly these, each invoking its own
// channel; no generic `invoke(channel, …)` reaches the page. Data itself goes over the emulator's HTTP
// API, so the same UI runs in a browser, where `window.svcDesktop` does not exist.

import { API_KEY, CHANNELS } from "./channels.js";

export interface SvcDesktopSettings {
  /** null: a free port at each start. */
  port: number | null;
  /** The fixture file's name, or null for the default seed. */
  fixtureFile: string | null;
  openAtLogin: boolean;
}

/** The API as the page sees it (renderer code declares `window.svcDesktop?: SvcDesktop`). */
export interface SvcDesktop {
  /** Shows the open dialog; the chosen file's name and text, or null when cancelled. */
  openImportFile(): Promise<{ name: string; text: string } | null>;
  /** Shows the save dialog suggesting `name` and writes `text`; the saved file's name, or null when cancelled. */
  saveExport(name: string, text: string): Promise<{ name: string } | null>;
  /** Opens the emulator's data folder in the system's file manager. */
  revealDataDir(): Promise<void>;
  getSettings(): Promise<SvcDesktopSettings>;
  /** Port and fixture file apply at the next start; openAtLogin at once. */
  setSettings(change: { port?: number | null; openAtLogin?: boolean; fixtureFile?: null }): Promise<SvcDesktopSettings>;
}

type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;

export function desktopApi(invoke: Invoke): SvcDesktop {
  return {
    openImportFile: () => invoke(CHANNELS.openImportFile) as ReturnType<SvcDesktop["openImportFile"]>,
    saveExport: (name, text) => invoke(CHANNELS.saveExport, name, text) as ReturnType<SvcDesktop["saveExport"]>,
    revealDataDir: () => invoke(CHANNELS.revealDataDir) as Promise<void>,
    getSettings: () => invoke(CHANNELS.getSettings) as Promise<SvcDesktopSettings>,
    setSettings: (change) => invoke(CHANNELS.setSettings, change) as Promise<SvcDesktopSettings>,
  };
}

export function exposeDesktopApi(ports: { exposeInMainWorld(key: string, api: Record<string, unknown>): void; invoke: Invoke }): void {
  ports.exposeInMainWorld(API_KEY, { ...desktopApi(ports.invoke) });
}

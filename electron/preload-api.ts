// The functions the preload puts on `window.svcDesktop`: exactly these, each invoking its own
// channel; no generic `invoke(channel, …)` reaches the page. Data itself goes over the emulator's HTTP
// API, so the same UI runs in a browser, where `window.svcDesktop` does not exist.

import { API_KEY, CHANNELS, EVENTS } from "./channels.js";
import type { BlockedNotice } from "./security.js";

export type { BlockedNotice };

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
  /** Shows the save dialog suggesting `name` and writes `bytes` unchanged; the saved file's name, or null when cancelled. */
  saveExport(name: string, bytes: Uint8Array): Promise<{ name: string } | null>;
  /** Opens the emulator's data folder in the system's file manager. */
  revealDataDir(): Promise<void>;
  getSettings(): Promise<SvcDesktopSettings>;
  /** Port and fixture file apply at the next start; openAtLogin at once. */
  setSettings(change: { port?: number | null; openAtLogin?: boolean; fixtureFile?: null }): Promise<SvcDesktopSettings>;
  /** Calls `listener` with each navigation, redirect or new window the app refused; answers the function that stops listening. */
  onNavigationBlocked(listener: (notice: BlockedNotice) => void): () => void;
}

type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;
type Listen = (channel: string, listener: (...args: unknown[]) => void) => () => void;

const KINDS = new Set(["navigation", "redirect", "new-window"]);

/** The notice as the page gets it: exactly a string URL and a known kind, whatever else the message held. */
function blockedNotice(message: unknown): BlockedNotice | undefined {
  const m = message as Partial<BlockedNotice> | null;
  if (!m || typeof m.url !== "string" || typeof m.kind !== "string" || !KINDS.has(m.kind)) return undefined;
  return { url: m.url, kind: m.kind };
}

export function desktopApi(invoke: Invoke, listen: Listen): SvcDesktop {
  return {
    openImportFile: () => invoke(CHANNELS.openImportFile) as ReturnType<SvcDesktop["openImportFile"]>,
    saveExport: (name, bytes) => invoke(CHANNELS.saveExport, name, bytes) as ReturnType<SvcDesktop["saveExport"]>,
    revealDataDir: () => invoke(CHANNELS.revealDataDir) as Promise<void>,
    getSettings: () => invoke(CHANNELS.getSettings) as Promise<SvcDesktopSettings>,
    setSettings: (change) => invoke(CHANNELS.setSettings, change) as Promise<SvcDesktopSettings>,
    onNavigationBlocked: (listener) => {
      if (typeof listener !== "function") throw new TypeError("onNavigationBlocked(listener) takes a function");
      return listen(EVENTS.navigationBlocked, (message) => {
        const notice = blockedNotice(message);
        if (notice) listener(notice);
      });
    },
  };
}

export function exposeDesktopApi(ports: { exposeInMainWorld(key: string, api: Record<string, unknown>): void; invoke: Invoke; on: Listen }): void {
  ports.exposeInMainWorld(API_KEY, { ...desktopApi(ports.invoke, ports.on) });
}

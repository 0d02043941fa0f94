// The desktop settings: one JSON file in the app's user-data folder, read and written only by the
// main process. The renderer sees and changes the user-facing part (port, open at login, whether a
// fixture file is set) through the preload; the window's bounds are the shell's own.

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Bounds } from "./ports.js";

export interface DesktopSettings {
  /** A fixed port, or null for a free one at each start. */
  port: number | null;
  /** A fixture file seeding a NEW data folder (chosen in a main-process dialog), or null for the default seed. */
  fixtureFile: string | null;
  openAtLogin: boolean;
  window: (Bounds & { maximized: boolean }) | null;
}

/** What the renderer gets: the fixture file by name only (the renderer never sees a path). */
export interface SettingsView {
  port: number | null;
  fixtureFile: string | null;
  openAtLogin: boolean;
}

/** What the renderer may change; the fixture file only to null (a new one is chosen through File > Start with fixture file…). */
export interface SettingsChange {
  port?: number | null;
  openAtLogin?: boolean;
  fixtureFile?: null;
}

export const DEFAULT_SETTINGS: DesktopSettings = { port: null, fixtureFile: null, openAtLogin: false, window: null };

export const settingsPath = (userData: string) => join(userData, "settings.json");

const isInt = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

function validBounds(v: unknown): DesktopSettings["window"] {
  const b = v as Record<string, unknown> | null;
  if (!b || typeof b !== "object") return null;
  const ok = ["x", "y"].every((k) => isInt(b[k], -100000, 100000)) && ["width", "height"].every((k) => isInt(b[k], 1, 100000));
  return ok ? { x: b.x as number, y: b.y as number, width: b.width as number, height: b.height as number, maximized: b.maximized === true } : null;
}

/** The settings in the file; a missing, unreadable or partly wrong file gives the defaults for what is wrong. */
export function loadSettings(userData: string): DesktopSettings {
  const file = settingsPath(userData);
  if (!existsSync(file)) return { ...DEFAULT_SETTINGS };
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
  return {
    port: isInt(raw.port, 1, 65535) ? raw.port : null,
    fixtureFile: typeof raw.fixtureFile === "string" && raw.fixtureFile !== "" ? raw.fixtureFile : null,
    openAtLogin: raw.openAtLogin === true,
    window: validBounds(raw.window),
  };
}

/** Writes the settings whole, through a temporary file, so a crash never leaves half a file. */
export function saveSettings(userData: string, settings: DesktopSettings): void {
  const file = settingsPath(userData);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, `${JSON.stringify(settings, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

export const settingsView = (s: DesktopSettings): SettingsView => ({
  port: s.port,
  fixtureFile: s.fixtureFile && basename(s.fixtureFile),
  openAtLogin: s.openAtLogin,
});

export class SettingsError extends Error {}

/** Checks a change from the renderer; throws SettingsError naming the first wrong field, nothing applied. */
export function checkSettingsChange(change: unknown): SettingsChange {
  if (!change || typeof change !== "object" || Array.isArray(change)) throw new SettingsError("settings: an object is expected");
  const c = change as Record<string, unknown>;
  const unknownKey = Object.keys(c).find((k) => !["port", "openAtLogin", "fixtureFile"].includes(k));
  if (unknownKey) throw new SettingsError(`settings: unknown field ${JSON.stringify(unknownKey)}`);
  if ("port" in c && c.port !== null && !isInt(c.port, 1024, 65535))
    throw new SettingsError("settings: port must be null (a free port) or an integer from 1024 to 65535");
  if ("openAtLogin" in c && typeof c.openAtLogin !== "boolean") throw new SettingsError("settings: openAtLogin must be true or false");
  if ("fixtureFile" in c && c.fixtureFile !== null)
    throw new SettingsError("settings: fixtureFile can only be cleared (null); choose a file with File > Start with fixture file…");
  return c as SettingsChange;
}

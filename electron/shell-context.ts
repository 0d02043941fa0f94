// The running shell's state, shared by the menu, the IPC handlers and the lifecycle (desktop-app.ts
// builds it). A type only: the modules that use it import no behaviour from each other.

import type { DesktopEmulator, DesktopPorts, WindowPort } from "./ports.js";
import type { DesktopSettings, SettingsChange, SettingsView } from "./settings.js";

export interface ShellContext {
  readonly ports: DesktopPorts;
  readonly emulator: DesktopEmulator;
  /** The one window, while it is open. */
  window: WindowPort | undefined;
  /** The emulator's data folder (in the app's user-data folder). */
  readonly dataDir: string;
  /** The README shipped beside the app (or the repository's, unpackaged). */
  readonly readmePath: string;
  settings(): DesktopSettings;
  /** Applies and stores a checked change; answers the renderer's view of the result. */
  changeSettings(change: SettingsChange | { fixtureFile: string | null }): SettingsView;
  /** Loads a fresh signed-in UI link into the window (after reset, restore or import). */
  reloadUi(): Promise<void>;
  /** Builds the application menu again (the Snapshots submenu lists what exists). */
  rebuildMenu(): void;
}

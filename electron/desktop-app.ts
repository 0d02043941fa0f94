// The main process's lifecycle: one instance, the emulator in-process with its data in the app's
// user-data folder, one window on the signed-in UI, and a quit that waits for the emulator to close
// (its database flushed and closed) before the process exits.

import { join } from "node:path";
import { EVENTS } from "./channels.js";
import { registerIpc } from "./ipc.js";
import { applyOpenAtLogin } from "./login-item.js";
import { menuTemplate } from "./menu.js";
import type { DesktopEmulator, DesktopPorts, EmulatorFactory, WindowPort } from "./ports.js";
import { guardNavigation, secureSession, secureWebPreferences } from "./security.js";
import { type DesktopSettings, loadSettings, saveSettings, settingsView } from "./settings.js";
import type { ShellContext } from "./shell-context.js";
import { trackUserActivation } from "./user-activation.js";

/** The user-data folder's name under the OS's app data folder (settings.json, data/). */
export const USER_DATA_NAME = "svc-emulator";

export interface DesktopOptions {
  startEmulator: EmulatorFactory;
  /** dist/electron/preload.cjs */
  preloadPath: string;
  /** dist/electron/main.cjs: what Electron runs to start the app unpackaged (an autostart entry names it). */
  mainPath: string;
  readmePath: string;
}

export interface RunningDesktop {
  readonly shell: ShellContext;
  /** Settles once the emulator closed after a quit, just before app.exit. */
  readonly exited: Promise<void>;
}

/**
 * Starts with the stored port and fixture file, falling back (with an error box naming why) to a free
 * port when the fixed one is taken and to the default seed when the fixture file cannot be used.
 */
export async function startWithSettings(ports: DesktopPorts, start: EmulatorFactory, settings: DesktopSettings, dataDir: string): Promise<DesktopEmulator> {
  const wanted = { port: settings.port ?? 0, dataDir, ...(settings.fixtureFile ? { fixtures: settings.fixtureFile } : {}) };
  try {
    return await start(wanted);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (settings.port !== null && (err.code === "EADDRINUSE" || err.code === "EACCES")) {
      ports.dialog.showErrorBox("Port not available", `Port ${settings.port} could not be used (${err.code}); the emulator starts on a free port instead.`);
      return startWithSettings(ports, start, { ...settings, port: null }, dataDir);
    }
    if (settings.fixtureFile) {
      ports.dialog.showErrorBox("Fixture file not used", `${settings.fixtureFile}: ${err.message}\nThe emulator starts with the default seed instead.`);
      return startWithSettings(ports, start, { ...settings, fixtureFile: null }, dataDir);
    }
    throw e;
  }
}

function openWindow(ports: DesktopPorts, settings: DesktopSettings, preloadPath: string, emulatorUrl: string): WindowPort {
  const saved = settings.window;
  const window = ports.createWindow({
    ...(saved ? { x: saved.x, y: saved.y, width: saved.width, height: saved.height } : { width: 1280, height: 860 }),
    minWidth: 720,
    minHeight: 480,
    title: "svc-emulator",
    show: false,
    webPreferences: secureWebPreferences(preloadPath),
  });
  const contents = window.webContents;
  guardNavigation(contents, emulatorUrl, ports.shell, trackUserActivation(contents), (notice) => contents.send(EVENTS.navigationBlocked, notice));
  window.onReadyToShow(() => {
    if (saved?.maximized) window.maximize();
    window.show();
  });
  return window;
}

/** Loads a fresh signed-in link; a failed load is shown, and the window stays (View > Reload tries again). */
async function loadUi(ports: DesktopPorts, window: WindowPort, emulator: DesktopEmulator): Promise<void> {
  try {
    await window.loadURL(emulator.uiLink());
  } catch (e) {
    ports.dialog.showErrorBox("The UI could not be loaded", (e as Error).message);
  }
}

/** Runs the app; answers undefined when another instance holds the lock (that one is focused, this one quits). */
export async function runDesktop(ports: DesktopPorts, options: DesktopOptions): Promise<RunningDesktop | undefined> {
  const { app } = ports;
  // One folder whether launched packaged or by `npm run desktop` (Electron would name it after the launcher);
  // set before the lock, which is held per user-data folder.
  app.setUserDataPath(join(app.getPath("appData"), USER_DATA_NAME));
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return undefined;
  }
  let current: WindowPort | undefined;
  app.onSecondInstance(() => {
    if (!current || current.isDestroyed()) return;
    if (current.isMinimized()) current.restore();
    current.show();
    current.focus();
  });
  await app.whenReady();

  const userData = app.getPath("userData");
  let settings = loadSettings(userData);
  const dataDir = join(userData, "data");
  let emulator: DesktopEmulator;
  try {
    emulator = await startWithSettings(ports, options.startEmulator, settings, dataDir);
  } catch (e) {
    ports.dialog.showErrorBox("svc-emulator could not start", (e as Error).message);
    app.exit(1);
    return undefined;
  }
  secureSession(ports.session, emulator.url);

  const shell: ShellContext = {
    ports,
    emulator,
    get window() {
      return current;
    },
    dataDir,
    readmePath: options.readmePath,
    settings: () => settings,
    changeSettings(change) {
      const next = { ...settings, ...change };
      // Applied first: when it cannot be, nothing is stored.
      if (next.openAtLogin !== settings.openAtLogin) applyOpenAtLogin(app, ports.host, options.mainPath, next.openAtLogin);
      saveSettings(userData, next);
      settings = next;
      return settingsView(settings);
    },
    async reloadUi() {
      if (current && !current.isDestroyed()) await loadUi(ports, current, emulator);
    },
    rebuildMenu: () => ports.setApplicationMenu(menuTemplate(shell)),
  };

  const saveBounds = (window: WindowPort) => {
    const b = window.getBounds();
    settings = { ...settings, window: { x: b.x, y: b.y, width: b.width, height: b.height, maximized: window.isMaximized() } };
    saveSettings(userData, settings);
  };

  let closing = false;
  let done = () => {};
  const exited = new Promise<void>((resolve) => (done = resolve));
  app.onWindowAllClosed(() => app.quit());
  app.onBeforeQuit((event) => {
    // Hold the quit until the emulator has closed; app.exit then ends the process without asking again.
    event.preventDefault();
    if (closing) return;
    closing = true;
    // Quit with the window open (File > Quit, Cmd+Q): app.exit closes it without a close event.
    if (current && !current.isDestroyed()) saveBounds(current);
    void emulator
      .close()
      .catch((e: Error) => ports.dialog.showErrorBox("Closing the emulator failed", e.message))
      .then(() => {
        done();
        app.exit(0);
      });
  });

  registerIpc(shell);
  shell.rebuildMenu();
  const window = openWindow(ports, settings, options.preloadPath, emulator.url);
  current = window;
  window.onClose(() => {
    saveBounds(window);
    current = undefined;
  });
  await loadUi(ports, window, emulator);
  return { shell, exited };
}

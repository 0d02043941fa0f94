// A fake of the `electron` module, with the shapes the shell's adapter uses (app, BrowserWindow,
// dialog, shell, Menu, ipcMain, session, contextBridge, ipcRenderer). It records what the shell asks
// for and lets a test answer dialogs and fire events. loadMain() and loadPreload() run the BUILT
// bundles (dist/electron/*.cjs, so adapter.ts included) with this fake in require's cache under the
// `electron` package's own id: the real package's index.js, which would try to download Electron's
// binary, is never run.

import { EventEmitter } from "node:events";
import { createRequire } from "node:module";
import { homedir } from "node:os";

const require = createRequire(import.meta.url);

export interface FakeOptions {
  userData: string;
  /** What requestSingleInstanceLock() answers (default true). */
  lock?: boolean;
}

/** An event whose default a listener may prevent. */
export class FakeEvent {
  defaultPrevented = false;
  constructor(readonly url = "") {}
  preventDefault() {
    this.defaultPrevented = true;
  }
}

export class FakeWebContents extends EventEmitter {
  windowOpenHandler?: (details: { url: string }) => { action: string };
  reloads = 0;
  /** What the main process sent the page (webContents.send). */
  sent: unknown[][] = [];
  send(...args: unknown[]) {
    this.sent.push(args);
  }
  /** The user clicks in the page: Electron emits 'input-event' with the mouse's events. */
  click() {
    this.emit("input-event", new FakeEvent(), { type: "mouseDown" });
    this.emit("input-event", new FakeEvent(), { type: "mouseUp" });
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  reload() {
    this.reloads++;
  }
  /** Fires will-navigate (or another navigation event) as Electron 45 does; answers whether it was prevented. */
  navigate(url: string, event = "will-navigate"): boolean {
    const e = new FakeEvent(url);
    this.emit(event, e, url);
    return e.defaultPrevented;
  }
}

export function fakeElectron(options: FakeOptions) {
  const appEvents = new EventEmitter();
  const windows: FakeBrowserWindow[] = [];
  const loaded: string[] = [];
  let onLoad: (url: string) => void = () => {};
  let exited: (code: number) => void = () => {};
  const record = {
    windows,
    loaded,
    /** Settles with the first URL a window loads. */
    firstLoad: new Promise<string>((resolve) => (onLoad = resolve)),
    /** Settles with the code the app exits with. */
    exit: new Promise<number>((resolve) => (exited = resolve)),
    quitCalls: 0,
    setPaths: [] as [string, string][],
    /** Run synchronously inside app.exit(): what a test checks at the moment the process would end. */
    atExit: [] as (() => void)[],
    menus: [] as unknown[],
    handlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
    permissionRequest: undefined as undefined | ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void),
    permissionCheck: undefined as undefined | ((wc: unknown, permission: string) => boolean),
    headers: undefined as undefined | { filter: { urls: string[] }; listener: (details: unknown, cb: (answer: unknown) => void) => void },
    external: [] as string[],
    openedPaths: [] as string[],
    errors: [] as [string, string][],
    messages: [] as { message: string; detail?: string; buttons?: string[] }[],
    loginItems: [] as { openAtLogin: boolean }[],
    exposed: new Map<string, Record<string, unknown>>(),
    invoked: [] as unknown[][],
  };
  /** Queued answers of the dialogs: file paths for open, a path for save (null: cancelled), a button index for message boxes. */
  const answers = { open: [] as (string | null)[], save: [] as (string | null)[], message: [] as number[] };

  class FakeBrowserWindow extends EventEmitter {
    readonly webContents = new FakeWebContents();
    destroyed = false;
    minimized = false;
    maximized = false;
    focused = 0;
    shown = 0;
    bounds: { x: number; y: number; width: number; height: number };
    constructor(readonly options: Record<string, unknown> & { x?: number; y?: number; width?: number; height?: number }) {
      super();
      this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? 800, height: options.height ?? 600 };
      windows.push(this);
      queueMicrotask(() => this.emit("ready-to-show"));
    }
    async loadURL(url: string) {
      loaded.push(url);
      onLoad(url);
    }
    getNormalBounds() {
      return { ...this.bounds };
    }
    isMaximized = () => this.maximized;
    maximize = () => void (this.maximized = true);
    isMinimized = () => this.minimized;
    restore = () => void (this.minimized = false);
    show = () => void this.shown++;
    focus = () => void this.focused++;
    isDestroyed = () => this.destroyed;
    /** The user closes the window: close, then window-all-closed when it was the last. */
    close() {
      this.emit("close", new FakeEvent());
      this.destroyed = true;
      if (windows.every((w) => w.destroyed)) appEvents.emit("window-all-closed");
    }
  }

  const pick = <T>(queue: T[], what: string): T => {
    if (queue.length === 0) throw new Error(`fake electron: no answer queued for the ${what} dialog`);
    return queue.shift() as T;
  };

  const electron = {
    app: Object.assign(appEvents, {
      isPackaged: false,
      /** Recorded only: getPath("userData") answers the test's folder. */
      setPath: (name: string, path: string) => void record.setPaths.push([name, path]),
      requestSingleInstanceLock: () => options.lock ?? true,
      whenReady: () => Promise.resolve(),
      getPath: (name: string) => {
        if (name === "appData") return "/fake-app-data";
        if (name === "home") return homedir();
        if (name !== "userData") throw new Error(`fake electron: getPath(${name})`);
        return options.userData;
      },
      setLoginItemSettings: (s: { openAtLogin: boolean }) => void record.loginItems.push(s),
      /** Like Electron: before-quit first; the quit goes on only when no listener prevented it. */
      quit: () => {
        record.quitCalls++;
        appEvents.emit("before-quit", new FakeEvent());
      },
      exit: (code: number) => {
        for (const f of record.atExit) f();
        exited(code);
      },
    }),
    BrowserWindow: FakeBrowserWindow,
    dialog: {
      showOpenDialog: async (_w: unknown, _o: unknown) => {
        const path = pick(answers.open, "open");
        return path === null ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: [path] };
      },
      showSaveDialog: async (_w: unknown, o: { defaultPath: string }) => {
        const path = pick(answers.save, "save");
        record.messages.push({ message: `save dialog: ${o.defaultPath}` });
        return path === null ? { canceled: true } : { canceled: false, filePath: path };
      },
      showMessageBox: async (_w: unknown, o: { message: string; detail?: string; buttons?: string[] }) => {
        record.messages.push(o);
        return { response: o.buttons ? pick(answers.message, "message box") : 0 };
      },
      showErrorBox: (title: string, content: string) => void record.errors.push([title, content]),
    },
    shell: {
      openExternal: async (url: string) => void record.external.push(url),
      openPath: async (path: string) => {
        record.openedPaths.push(path);
        return "";
      },
    },
    Menu: {
      buildFromTemplate: (template: unknown) => template,
      setApplicationMenu: (menu: unknown) => void record.menus.push(menu),
    },
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => {
        if (record.handlers.has(channel)) throw new Error(`fake electron: a second handler for ${channel}`);
        record.handlers.set(channel, handler);
      },
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (h: typeof record.permissionRequest) => void (record.permissionRequest = h),
        setPermissionCheckHandler: (h: typeof record.permissionCheck) => void (record.permissionCheck = h),
        webRequest: {
          onHeadersReceived: (filter: { urls: string[] }, listener: NonNullable<typeof record.headers>["listener"]) =>
            void (record.headers = { filter, listener }),
        },
      },
    },
    contextBridge: {
      exposeInMainWorld: (key: string, api: Record<string, unknown>) => void record.exposed.set(key, api),
    },
    ipcRenderer: Object.assign(new EventEmitter(), {
      invoke: async (...args: unknown[]) => {
        record.invoked.push(args);
        return undefined;
      },
    }),
  };
  return { electron, record, answers, appEvents };
}

export type FakeElectron = ReturnType<typeof fakeElectron>;

/** Puts `fake` where require("electron") finds it, for every bundle loaded after this; answers that id. */
export function installFake(fake: FakeElectron): string {
  const id = require.resolve("electron");
  require.cache[id] = { id, filename: id, loaded: true, exports: fake.electron, children: [], paths: [] } as unknown as NodeJS.Module;
  return id;
}

/** Runs dist/electron/main.cjs against `fake` (a fresh run each time: the bundle is taken out of the cache first). */
export function loadMain(fake: FakeElectron): void {
  installFake(fake);
  const main = require.resolve("../../dist/electron/main.cjs");
  delete require.cache[main];
  require(main);
}

/** Runs dist/electron/preload.cjs against `fake`. */
export function loadPreload(fake: FakeElectron): void {
  installFake(fake);
  const preload = require.resolve("../../dist/electron/preload.cjs");
  delete require.cache[preload];
  require(preload);
}

// The one module that imports `electron` (a guard test holds every other file to this). It turns
// Electron's objects into the ports of ports.ts for the main process, and hands the preload its two
// renderer-side modules. Everything here is a plain pass-through: the decisions live in the modules
// that receive the ports, which the tests run under Node with a fake.

import { app, BrowserWindow, contextBridge, dialog, ipcMain, ipcRenderer, Menu, type MenuItemConstructorOptions, session, shell } from "electron";
import type { DesktopPorts, DialogPort, MenuItemSpec, WindowOptions, WindowPort } from "./ports.js";

const windows = new WeakMap<WindowPort, BrowserWindow>();
const native = (w: WindowPort | undefined) => (w ? windows.get(w) : undefined);

function windowPort(options: WindowOptions): WindowPort {
  const win = new BrowserWindow(options);
  const contents = win.webContents;
  const port: WindowPort = {
    webContents: {
      onWillNavigate: (listener) => contents.on("will-navigate", (e) => listener({ url: e.url, preventDefault: () => e.preventDefault() })),
      onWillRedirect: (listener) => contents.on("will-redirect", (e) => listener({ url: e.url, preventDefault: () => e.preventDefault() })),
      onWillAttachWebview: (listener) => contents.on("will-attach-webview", (e) => listener(e)),
      setWindowOpenHandler: (handler) => contents.setWindowOpenHandler(handler),
      onInputEvent: (listener) => contents.on("input-event", (_e, input) => listener({ type: input.type })),
      send: (channel, ...args) => contents.send(channel, ...args),
      reload: () => contents.reload(),
    },
    loadURL: (url) => win.loadURL(url),
    // The bounds to restore: those of the normal state, also while maximized.
    getBounds: () => win.getNormalBounds(),
    isMaximized: () => win.isMaximized(),
    maximize: () => win.maximize(),
    isMinimized: () => win.isMinimized(),
    restore: () => win.restore(),
    show: () => win.show(),
    focus: () => win.focus(),
    isDestroyed: () => win.isDestroyed(),
    onReadyToShow: (listener) => win.once("ready-to-show", listener),
    onClose: (listener) => win.on("close", listener),
  };
  windows.set(port, win);
  return port;
}

const dialogPort: DialogPort = {
  showOpenDialog: (w, o) => {
    const opts = o as Electron.OpenDialogOptions;
    const win = native(w);
    return win ? dialog.showOpenDialog(win, opts) : dialog.showOpenDialog(opts);
  },
  showSaveDialog: (w, o) => {
    const win = native(w);
    return win ? dialog.showSaveDialog(win, o) : dialog.showSaveDialog(o);
  },
  showMessageBox: (w, o) => {
    const win = native(w);
    return win ? dialog.showMessageBox(win, o) : dialog.showMessageBox(o);
  },
  showErrorBox: (title, content) => dialog.showErrorBox(title, content),
};

const menuItem = (spec: MenuItemSpec): MenuItemConstructorOptions => ({
  ...spec,
  role: spec.role as MenuItemConstructorOptions["role"],
  // Electron ignores what click answers; the menu's actions catch their own errors (menu-actions.ts runAction).
  click: spec.click,
  submenu: spec.submenu?.map(menuItem),
});

/** The main process's ports. */
export function mainPorts(): DesktopPorts {
  return {
    app: {
      get isPackaged() {
        return app.isPackaged;
      },
      resourcesPath: process.resourcesPath,
      setUserDataPath: (path) => app.setPath("userData", path),
      requestSingleInstanceLock: () => app.requestSingleInstanceLock(),
      whenReady: () => app.whenReady(),
      getPath: (name) => app.getPath(name),
      onSecondInstance: (listener) => app.on("second-instance", () => listener()),
      onWindowAllClosed: (listener) => app.on("window-all-closed", () => listener()),
      onBeforeQuit: (listener) => app.on("before-quit", (e) => listener(e)),
      setLoginItemSettings: (s) => app.setLoginItemSettings(s),
      quit: () => app.quit(),
      exit: (code) => app.exit(code),
    },
    host: {
      platform: process.platform,
      env: process.env,
      execPath: process.execPath,
      get homeDir() {
        return app.getPath("home");
      },
    },
    createWindow: windowPort,
    dialog: dialogPort,
    shell: { openExternal: (url) => shell.openExternal(url), openPath: (path) => shell.openPath(path) },
    setApplicationMenu: (template) => Menu.setApplicationMenu(Menu.buildFromTemplate(template.map(menuItem))),
    ipcMain: { handle: (channel, handler) => ipcMain.handle(channel, (event, ...args) => handler(event, ...args)) },
    session: {
      setPermissionRequestHandler: (h) => session.defaultSession.setPermissionRequestHandler((_wc, permission, cb) => h(permission, cb)),
      setPermissionCheckHandler: (h) => session.defaultSession.setPermissionCheckHandler((_wc, permission) => h(permission)),
      onHeadersReceived: (urls, listener) => session.defaultSession.webRequest.onHeadersReceived({ urls }, (details, cb) => listener(details, cb)),
    },
  };
}

/** The preload's ports: what the sandboxed preload may use of `electron`. */
export interface PreloadPorts {
  exposeInMainWorld(key: string, api: Record<string, unknown>): void;
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  /** Listens to a message of the main process; answers the function that stops listening. */
  on(channel: string, listener: (...args: unknown[]) => void): () => void;
}

export function preloadPorts(): PreloadPorts {
  return {
    exposeInMainWorld: (key, api) => contextBridge.exposeInMainWorld(key, api),
    invoke: (channel, ...args) => ipcRenderer.invoke(channel, ...args),
    on: (channel, listener) => {
      const wrapped = (_event: unknown, ...args: unknown[]) => listener(...args);
      ipcRenderer.on(channel, wrapped);
      return () => void ipcRenderer.removeListener(channel, wrapped);
    },
  };
}

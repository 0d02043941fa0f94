// What the desktop shell needs from Electron and from the emulator, as small interfaces. Only
// adapter.ts fills them with the real `electron` module; the tests fill them with a fake, so every
// other module of the shell runs under plain Node.

/** The library handle (emulator/src/handle/handle.ts), as far as the shell uses it. */
export interface DesktopEmulator {
  readonly url: string;
  readonly issuer: string;
  readonly adminPat: string;
  readonly consoleToken: string;
  /** A one-time `${url}/ui/?t=<token>` link that signs the UI in (a session cookie) when opened. */
  uiLink(): string;
  reset(): void;
  snapshot(name: string): unknown;
  restore(name: string): void;
  snapshots(): { name: string }[];
  close(): Promise<void>;
}

export interface EmulatorStart {
  port: number;
  dataDir: string;
  fixtures?: string;
}

/** startEmulator(), narrowed to what the shell passes. */
export type EmulatorFactory = (options: EmulatorStart) => Promise<DesktopEmulator>;

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The subset of BrowserWindow options the shell sets (security flags included, always explicit). */
export interface WindowOptions extends Partial<Bounds> {
  minWidth: number;
  minHeight: number;
  title: string;
  show: boolean;
  webPreferences: {
    preload: string;
    contextIsolation: boolean;
    sandbox: boolean;
    nodeIntegration: boolean;
    nodeIntegrationInSubFrames: boolean;
    webSecurity: boolean;
    allowRunningInsecureContent: boolean;
    experimentalFeatures: boolean;
    webviewTag: boolean;
    spellcheck: boolean;
  };
}

/** A navigation the shell may stop. */
export interface NavigationEvent {
  url: string;
  preventDefault(): void;
}

export type WindowOpenAnswer = { action: "deny" };

export interface WebContentsPort {
  onWillNavigate(listener: (event: NavigationEvent) => void): void;
  onWillRedirect(listener: (event: NavigationEvent) => void): void;
  /** `<webview>` must never attach. */
  onWillAttachWebview(listener: (event: { preventDefault(): void }) => void): void;
  setWindowOpenHandler(handler: (details: { url: string }) => WindowOpenAnswer): void;
  /** Input Electron routes to the page ('input-event'): what the user did, which no page script can fake. */
  onInputEvent(listener: (input: { type: string }) => void): void;
  /** A message to the page's preload (channels.ts EVENTS). */
  send(channel: string, ...args: unknown[]): void;
  reload(): void;
}

export interface WindowPort {
  readonly webContents: WebContentsPort;
  loadURL(url: string): Promise<void>;
  /** The bounds of the window's normal (not maximized) state. */
  getBounds(): Bounds;
  isMaximized(): boolean;
  maximize(): void;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  isDestroyed(): boolean;
  onReadyToShow(listener: () => void): void;
  /** Before the window closes: the moment its bounds are saved. */
  onClose(listener: () => void): void;
}

/** What a handler learns about the frame that sent an IPC message. */
export interface IpcSender {
  senderFrame: { url: string } | null;
}

export interface IpcPort {
  handle(channel: string, handler: (event: IpcSender, ...args: unknown[]) => unknown): void;
}

export interface HeadersDetails {
  url: string;
  resourceType: string;
  responseHeaders?: Record<string, string[]>;
}

export interface SessionPort {
  setPermissionRequestHandler(handler: (permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: (permission: string) => boolean): void;
  onHeadersReceived(
    urls: string[],
    listener: (details: HeadersDetails, callback: (answer: { responseHeaders?: Record<string, string[]> }) => void) => void,
  ): void;
}

export interface DialogPort {
  showOpenDialog(
    window: WindowPort | undefined,
    options: { title: string; properties: string[]; filters: { name: string; extensions: string[] }[] },
  ): Promise<{ canceled: boolean; filePaths: string[] }>;
  showSaveDialog(
    window: WindowPort | undefined,
    options: { title: string; defaultPath: string; filters: { name: string; extensions: string[] }[] },
  ): Promise<{ canceled: boolean; filePath?: string }>;
  showMessageBox(
    window: WindowPort | undefined,
    options: { type: "info" | "warning" | "error" | "question"; message: string; detail?: string; buttons?: string[]; defaultId?: number; cancelId?: number },
  ): Promise<{ response: number }>;
  showErrorBox(title: string, content: string): void;
}

export interface ShellPort {
  openExternal(url: string): Promise<void>;
  /** Opens a file or folder with the system's default application; answers an error text, empty on success. */
  openPath(path: string): Promise<string>;
}

/** A native menu item: a role Electron implements, a click handler, a submenu or a separator. */
export interface MenuItemSpec {
  label?: string;
  role?: string;
  accelerator?: string;
  type?: "separator";
  enabled?: boolean;
  click?: () => void | Promise<void>;
  submenu?: MenuItemSpec[];
}

export interface AppPort {
  readonly isPackaged: boolean;
  /** Where a packaged app's extra resources are (README.md). */
  readonly resourcesPath: string;
  /** Moves the user-data folder (before ready; settings.json and data/ live there). */
  setUserDataPath(path: string): void;
  requestSingleInstanceLock(): boolean;
  whenReady(): Promise<void>;
  getPath(name: "userData" | "appData"): string;
  onSecondInstance(listener: () => void): void;
  onWindowAllClosed(listener: () => void): void;
  onBeforeQuit(listener: (event: { preventDefault(): void }) => void): void;
  /** Electron's login item: macOS and Windows only (login-item.ts writes an autostart entry on Linux). */
  setLoginItemSettings(settings: { openAtLogin: boolean }): void;
  quit(): void;
  exit(code: number): void;
}

/** The process the shell runs in: what open at login needs to write an autostart entry on Linux. */
export interface HostPort {
  readonly platform: string;
  readonly env: Record<string, string | undefined>;
  /** The running binary: Electron's, or the packaged app's. */
  readonly execPath: string;
  readonly homeDir: string;
}

export interface DesktopPorts {
  app: AppPort;
  host: HostPort;
  createWindow(options: WindowOptions): WindowPort;
  dialog: DialogPort;
  shell: ShellPort;
  setApplicationMenu(template: MenuItemSpec[]): void;
  ipcMain: IpcPort;
  session: SessionPort;
}

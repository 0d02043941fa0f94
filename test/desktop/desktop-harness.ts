// Runs the built desktop app (dist/electron/main.cjs) against the fake electron module with a
// user-data folder of the test's, and quits it the way a user would; the menus and IPC handlers the
// app registered are reached through what the fake recorded.

import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FakeElectron, type FakeOptions, fakeElectron, loadMain } from "./fake-electron.js";

export const newUserData = () => mkdtempSync(join(tmpdir(), "svc-desktop-"));

/** Where the apps these tests start write an autostart entry (open at login on Linux): a folder of the tests', never ~/.config. */
export const xdgConfigHome = mkdtempSync(join(tmpdir(), "svc-xdg-config-"));
process.env.XDG_CONFIG_HOME = xdgConfigHome;

export interface RunningApp {
  fake: FakeElectron;
  /** The URL the window loaded first. */
  link: string;
  /** The emulator's origin, e.g. http://localhost:43123. */
  origin: string;
  window: FakeElectron["record"]["windows"][number];
}

export async function startApp(options: Partial<FakeOptions> = {}): Promise<RunningApp> {
  const fake = fakeElectron({ userData: options.userData ?? newUserData(), ...options });
  loadMain(fake);
  const link = await fake.record.firstLoad;
  return { fake, link, origin: new URL(link).origin, window: fake.record.windows[0]! };
}

/** Quits through app.quit() (the File > Quit role does the same) and answers the exit code. */
export function quitApp(app: RunningApp): Promise<number> {
  app.fake.electron.app.quit();
  return app.fake.record.exit;
}

interface MenuNode {
  label?: string;
  role?: string;
  click?: () => unknown;
  submenu?: MenuNode[];
}

/** The item at `path` (labels, or roles for role items) in the last menu the app set. */
export function menuItem(app: RunningApp, ...path: string[]): MenuNode {
  let items = app.fake.record.menus.at(-1) as MenuNode[];
  let found: MenuNode | undefined;
  for (const name of path) {
    found = items.find((i) => i.label === name || i.role === name);
    if (!found) throw new Error(`no menu item ${JSON.stringify(name)} in ${JSON.stringify(items.map((i) => i.label ?? i.role))}`);
    items = found.submenu ?? [];
  }
  return found!;
}

/** Clicks a menu item and waits for its action (the adapter would not wait; the test must). */
export async function click(app: RunningApp, ...path: string[]): Promise<void> {
  await menuItem(app, ...path).click!();
}

/** Calls the IPC handler of `channel` as a frame at `senderUrl` would. */
export async function invoke(app: RunningApp, channel: string, senderUrl: string | null, ...args: unknown[]): Promise<unknown> {
  const handler = app.fake.record.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler({ senderFrame: senderUrl === null ? null : { url: senderUrl } }, ...args);
}

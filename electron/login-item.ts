// "Open at login": on macOS and Windows Electron's login item (app.setLoginItemSettings); on Linux,
// where Electron has none, an XDG autostart entry, `svc-emulator.desktop` in
// $XDG_CONFIG_HOME/autostart (~/.config/autostart when the variable is unset or not absolute), written
// when the setting is turned on and removed when it is turned off (XDG Base Directory and Desktop
// Application Autostart specifications; the Exec key's quoting of the Desktop Entry specification).

import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { AppPort, HostPort } from "./ports.js";

export const AUTOSTART_FILE = "svc-emulator.desktop";

export class LoginItemError extends Error {}

/** $XDG_CONFIG_HOME/autostart; a relative XDG_CONFIG_HOME is ignored, as the specification says. */
export function autostartDir(host: Pick<HostPort, "env" | "homeDir">): string {
  const config = host.env.XDG_CONFIG_HOME;
  return join(config && isAbsolute(config) ? config : join(host.homeDir, ".config"), "autostart");
}

/** One argument of the Exec key: quoted when it needs to be, `%` doubled, then backslashes escaped as in any string value. */
export function execArgument(arg: string): string {
  if (/[\n\r\0]/.test(arg)) throw new LoginItemError(`open at login: ${JSON.stringify(arg)} cannot be written in an autostart entry`);
  const quoted = arg === "" || /[\s"'\\><~|&;$*?#()`]/.test(arg) ? `"${arg.replace(/["`$\\]/g, "\\$&")}"` : arg;
  return quoted.replace(/%/g, "%%").replace(/\\/g, "\\\\");
}

/** The command that starts this app: the AppImage (not its temporary mount), the packaged binary, or Electron with main.cjs. */
export function launchCommand(app: Pick<AppPort, "isPackaged">, host: HostPort, mainPath: string): string[] {
  if (!app.isPackaged) return [host.execPath, mainPath];
  return [host.env.APPIMAGE || host.execPath];
}

export function autostartEntry(command: string[]): string {
  return [
    "[Desktop Entry]",
    "Type=Application",
    "Name=svc-emulator",
    "Comment=The Svc identity platform on localhost",
    `Exec=${command.map(execArgument).join(" ")}`,
    "Terminal=false",
    "X-GNOME-Autostart-enabled=true",
    "",
  ].join("\n");
}

/** Applies the setting now; throws LoginItemError when it cannot (nothing else changed then). */
export function applyOpenAtLogin(app: AppPort, host: HostPort, mainPath: string, openAtLogin: boolean): void {
  if (host.platform !== "linux") {
    app.setLoginItemSettings({ openAtLogin });
    return;
  }
  const dir = autostartDir(host);
  const file = join(dir, AUTOSTART_FILE);
  try {
    if (!openAtLogin) {
      rmSync(file, { force: true });
      return;
    }
    const entry = autostartEntry(launchCommand(app, host, mainPath));
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${file}.tmp`, entry);
    renameSync(`${file}.tmp`, file);
  } catch (e) {
    if (e instanceof LoginItemError) throw e;
    throw new LoginItemError(`open at login: ${file} could not be ${openAtLogin ? "written" : "removed"} (${(e as Error).message})`);
  }
}

// Open at login: on Linux the built app (fake electron, real emulator) writes an XDG autostart entry
// under $XDG_CONFIG_HOME/autostart when the setting is turned on from the UI and removes it when it is
// turned off; a folder it cannot write refuses the change and stores nothing. On macOS and Windows it
// is Electron's login item. The Exec line's quoting follows the Desktop Entry specification.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { CHANNELS } from "../../electron/channels.js";
import { applyOpenAtLogin, autostartDir, autostartEntry, execArgument, launchCommand } from "../../electron/login-item.js";
import type { AppPort, HostPort } from "../../electron/ports.js";
import { invoke, newUserData, quitApp, startApp } from "./desktop-harness.js";

const tmp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

describe("open at login", () => {
  it("on Linux: the autostart entry appears under a temporary XDG_CONFIG_HOME when turned on, and goes when turned off", async (t) => {
    if (process.platform !== "linux") return t.skip("the XDG autostart entry is Linux's");
    const config = tmp("svc-xdg-");
    process.env.XDG_CONFIG_HOME = config;
    const userData = newUserData();
    const app = await startApp({ userData });
    const ui = `${app.origin}/ui/`;
    const entry = join(config, "autostart", "svc-emulator.desktop");
    try {
      // Turning off what was never on: nothing to remove, no error.
      assert.deepEqual(await invoke(app, CHANNELS.setSettings, ui, { openAtLogin: false }), { port: null, fixtureFile: null, openAtLogin: false });
      assert.equal(existsSync(entry), false);

      assert.deepEqual(await invoke(app, CHANNELS.setSettings, ui, { openAtLogin: true }), { port: null, fixtureFile: null, openAtLogin: true });
      assert.equal(
        readFileSync(entry, "utf8"),
        "[Desktop Entry]\nType=Application\nName=svc-emulator\nComment=The Svc identity platform on localhost\n" +
          `Exec=${process.execPath} ${resolve("dist/electron/main.cjs")}\nTerminal=false\nX-GNOME-Autostart-enabled=true\n`,
      );
      assert.deepEqual(app.fake.record.loginItems, [], "Electron's login item does nothing on Linux and is not used");
      assert.equal(JSON.parse(readFileSync(join(userData, "settings.json"), "utf8")).openAtLogin, true);

      assert.deepEqual(await invoke(app, CHANNELS.setSettings, ui, { openAtLogin: false }), { port: null, fixtureFile: null, openAtLogin: false });
      assert.equal(existsSync(entry), false);
      assert.equal(JSON.parse(readFileSync(join(userData, "settings.json"), "utf8")).openAtLogin, false);
    } finally {
      await quitApp(app);
    }
  });

  it("on Linux: an autostart folder that cannot be written refuses the change, and nothing is stored", async (t) => {
    if (process.platform !== "linux") return t.skip("the XDG autostart entry is Linux's");
    const config = tmp("svc-xdg-");
    // A file where the autostart folder belongs.
    writeFileSync(join(config, "autostart"), "not a folder");
    process.env.XDG_CONFIG_HOME = config;
    const userData = newUserData();
    const app = await startApp({ userData });
    try {
      await assert.rejects(
        invoke(app, CHANNELS.setSettings, `${app.origin}/ui/`, { openAtLogin: true, port: 9123 }),
        new RegExp(`^Error: open at login: ${join(config, "autostart", "svc-emulator.desktop")} could not be written \\(`),
      );
      assert.equal(existsSync(join(userData, "settings.json")), false, "the port was not stored either");
      assert.deepEqual(await invoke(app, CHANNELS.getSettings, `${app.origin}/ui/`), { port: null, fixtureFile: null, openAtLogin: false });
    } finally {
      await quitApp(app);
    }
  });

  it("on macOS and Windows: Electron's login item, and no autostart file", () => {
    const config = tmp("svc-xdg-");
    const calls: { openAtLogin: boolean }[] = [];
    const app = { isPackaged: true, setLoginItemSettings: (s: { openAtLogin: boolean }) => calls.push(s) } as unknown as AppPort;
    for (const platform of ["darwin", "win32"]) {
      const host: HostPort = { platform, env: { XDG_CONFIG_HOME: config }, execPath: "/Applications/svc-emulator.app/x", homeDir: config };
      applyOpenAtLogin(app, host, "/unused/main.cjs", true);
      applyOpenAtLogin(app, host, "/unused/main.cjs", false);
    }
    assert.deepEqual(calls, [{ openAtLogin: true }, { openAtLogin: false }, { openAtLogin: true }, { openAtLogin: false }]);
    assert.equal(existsSync(join(config, "autostart")), false);
  });

  it("names the AppImage rather than its temporary mount, and the packaged binary alone", () => {
    const host: HostPort = { platform: "linux", env: {}, execPath: "/tmp/.mount_svc123/svc-emulator", homeDir: "/home/u" };
    assert.deepEqual(launchCommand({ isPackaged: true }, host, "/x/main.cjs"), ["/tmp/.mount_svc123/svc-emulator"]);
    assert.deepEqual(launchCommand({ isPackaged: true }, { ...host, env: { APPIMAGE: "/home/u/Apps/svc-emulator.AppImage" } }, "/x/main.cjs"), [
      "/home/u/Apps/svc-emulator.AppImage",
    ]);
    assert.deepEqual(launchCommand({ isPackaged: false }, host, "/x/main.cjs"), ["/tmp/.mount_svc123/svc-emulator", "/x/main.cjs"]);
  });

  it("ignores a relative XDG_CONFIG_HOME (the specification's rule) and quotes Exec arguments", () => {
    assert.equal(autostartDir({ env: { XDG_CONFIG_HOME: "relative/config" }, homeDir: "/home/u" }), "/home/u/.config/autostart");
    assert.equal(autostartDir({ env: {}, homeDir: "/home/u" }), "/home/u/.config/autostart");
    assert.equal(autostartDir({ env: { XDG_CONFIG_HOME: "/cfg" }, homeDir: "/home/u" }), "/cfg/autostart");
    assert.equal(execArgument("/opt/svc/svc-emulator"), "/opt/svc/svc-emulator");
    assert.equal(execArgument("/home/a b/main.cjs"), '"/home/a b/main.cjs"');
    assert.equal(execArgument('/a"b$c`d'), '"/a\\\\"b\\\\$c\\\\`d"');
    assert.equal(execArgument("/a\\b"), '"/a\\\\\\\\b"');
    assert.equal(execArgument("/100%/x"), "/100%%/x");
    assert.throws(() => execArgument("/a\nExec=evil"), /cannot be written in an autostart entry/);
    assert.match(autostartEntry(["/a b/c"]), /^Exec="\/a b\/c"$/m);
  });
});

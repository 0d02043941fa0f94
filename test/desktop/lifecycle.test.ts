// The desktop app's lifecycle, on the built app with the fake electron module and a real emulator in
// the app's user-data folder: start, the window on the UI, quit closing the emulator before exit, data
// and window bounds surviving a restart, the single-instance lock, and the settings.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CHANNELS } from "../../electron/channels.js";
import { fakeElectron, loadMain } from "./fake-electron.js";
import { click, invoke, newUserData, quitApp, startApp, xdgConfigHome } from "./desktop-harness.js";

const ORG = { orgs: [{ orgId: "500000000000000001", org: { name: "Desktop Org" } }] };

/** Whether something answers on the origin's port. */
const answers = (origin: string) =>
  fetch(`${origin}/emulator/v1/health`).then(
    () => true,
    () => false,
  );

/** A port that is taken for as long as the returned close() is not called. */
async function takenPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  return { port, close: () => new Promise((r) => server.close(() => r())) };
}

describe("desktop lifecycle", () => {
  it("starts the emulator with its data in userData/data and loads the UI link of its origin in the window", async () => {
    const userData = newUserData();
    const app = await startApp({ userData });
    try {
      assert.match(app.link, /^http:\/\/localhost:\d+\/ui\/\?t=[\w-]+$/);
      assert.deepEqual(app.fake.record.loaded, [app.link]);
      // The window's link really signs in: it sets the UI's session cookie, which the control API accepts.
      const opened = await fetch(app.link, { redirect: "manual" });
      assert.equal(opened.status, 302);
      assert.equal(opened.headers.get("location"), "/ui/");
      const cookie = opened.headers.get("set-cookie")!.split(";")[0]!;
      const session = await fetch(`${app.origin}/emulator/v1/ui/session`, { headers: { cookie, "x-svc-ui": "1" } });
      assert.equal(session.status, 200, await session.clone().text());
      assert.equal(((await session.json()) as { url: string }).url, app.origin);
      assert.ok(await answers(app.origin));
      assert.ok(existsSync(join(userData, "data", "emulator.sqlite")));
      assert.equal(app.fake.record.errors.length, 0, JSON.stringify(app.fake.record.errors));
      // The folder is named svc-emulator under the OS's app data, also when launched through `npm run desktop`.
      assert.deepEqual(app.fake.record.setPaths, [["userData", join("/fake-app-data", "svc-emulator")]]);
    } finally {
      await quitApp(app);
    }
  });

  it("holds the quit until the emulator closed, then exits 0; closing the last window quits the same way", async () => {
    const userData = newUserData();
    const app = await startApp({ userData });
    // SQLite's write-ahead log exists while the database is open and is folded in and removed by a clean close.
    const wal = join(userData, "data", "emulator.sqlite-wal");
    assert.ok(existsSync(wal));
    let walAtExit: boolean | undefined;
    app.fake.record.atExit.push(() => (walAtExit = existsSync(wal)));
    const before = app.fake.record.quitCalls;
    app.window.close();
    assert.equal(await app.fake.record.exit, 0);
    assert.equal(walAtExit, false, "the database was closed before app.exit");
    assert.equal(app.fake.record.quitCalls, before + 1, "window-all-closed asked to quit");
    assert.equal(await answers(app.origin), false, "the port is closed");
  });

  it("keeps the data and the window bounds across a restart on the same userData", async () => {
    const userData = newUserData();
    const first = await startApp({ userData });
    // Data made the way a user makes it: File > Import org file…
    const file = join(userData, "org.json");
    writeFileSync(file, JSON.stringify(ORG));
    first.fake.answers.open.push(file);
    await click(first, "File", "Import org file…");
    assert.deepEqual(first.fake.record.errors, []);
    first.window.bounds = { x: 40, y: 50, width: 1000, height: 700 };
    first.window.close();
    await first.fake.record.exit;
    const saved = JSON.parse(readFileSync(join(userData, "settings.json"), "utf8"));
    assert.deepEqual(saved.window, { x: 40, y: 50, width: 1000, height: 700, maximized: false });

    const second = await startApp({ userData });
    try {
      const { x, y, width, height } = second.window.options;
      assert.deepEqual({ x, y, width, height }, { x: 40, y: 50, width: 1000, height: 700 });
      const out = join(userData, "out.json");
      second.fake.answers.save.push(out);
      await click(second, "File", "Export orgs…");
      const ids = (JSON.parse(readFileSync(out, "utf8")) as { orgs: { orgId: string }[] }).orgs.map((o) => o.orgId);
      assert.ok(ids.includes("500000000000000001"), `the imported org survived: ${ids}`);
    } finally {
      await quitApp(second);
    }
  });

  it("saves the window's bounds also when the app quits with the window open (File > Quit)", async () => {
    const userData = newUserData();
    const app = await startApp({ userData });
    app.window.bounds = { x: 5, y: 6, width: 900, height: 650 };
    app.window.maximized = true;
    await quitApp(app);
    const saved = JSON.parse(readFileSync(join(userData, "settings.json"), "utf8"));
    assert.deepEqual(saved.window, { x: 5, y: 6, width: 900, height: 650, maximized: true });
  });

  it("a second launch does not start: it quits at once, and the first window is restored and focused", async () => {
    const app = await startApp();
    try {
      const second = fakeElectron({ userData: newUserData(), lock: false });
      loadMain(second);
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(second.record.quitCalls, 1);
      assert.equal(second.record.windows.length, 0, "no window, no emulator");
      // Electron tells the first instance.
      app.window.minimized = true;
      const focused = app.window.focused;
      app.fake.appEvents.emit("second-instance");
      assert.equal(app.window.minimized, false);
      assert.equal(app.window.focused, focused + 1);
    } finally {
      await quitApp(app);
    }
  });

  it("stores settings from the UI: a fixed port used at the next start, open at login applied at once; bad input changes nothing", async () => {
    const userData = newUserData();
    const first = await startApp({ userData });
    const free = await takenPort();
    await free.close();
    const ui = `${first.origin}/ui/`;
    try {
      await assert.rejects(invoke(first, CHANNELS.setSettings, ui, { port: 80 }), /port must be null \(a free port\) or an integer from 1024 to 65535/);
      await assert.rejects(invoke(first, CHANNELS.setSettings, ui, { fixtureFile: "/etc/passwd" }), /fixtureFile can only be cleared/);
      await assert.rejects(invoke(first, CHANNELS.setSettings, ui, { dataDir: "/" }), /unknown field "dataDir"/);
      await assert.rejects(invoke(first, CHANNELS.setSettings, ui, { openAtLogin: "yes" }), /openAtLogin must be true or false/);
      assert.equal(existsSync(join(userData, "settings.json")), false, "nothing written");
      assert.deepEqual(await invoke(first, CHANNELS.setSettings, ui, { port: free.port, openAtLogin: true }), {
        port: free.port,
        fixtureFile: null,
        openAtLogin: true,
      });
      // Applied at once: Electron's login item on macOS and Windows, an XDG autostart entry on Linux.
      if (process.platform === "linux") {
        assert.deepEqual(first.fake.record.loginItems, []);
        assert.ok(existsSync(join(xdgConfigHome, "autostart", "svc-emulator.desktop")));
      } else assert.deepEqual(first.fake.record.loginItems, [{ openAtLogin: true }]);
    } finally {
      await quitApp(first);
    }
    const second = await startApp({ userData });
    try {
      assert.equal(second.origin, `http://localhost:${free.port}`);
      assert.deepEqual(second.fake.record.loginItems, [], "open at login is not applied again at each start");
      rmSync(join(xdgConfigHome, "autostart"), { recursive: true, force: true });
    } finally {
      await quitApp(second);
    }
  });

  it("starts on a free port with an error box when the fixed port is taken", async () => {
    const userData = newUserData();
    const taken = await takenPort();
    writeFileSync(join(userData, "settings.json"), JSON.stringify({ port: taken.port }));
    const app = await startApp({ userData });
    try {
      assert.notEqual(app.origin, `http://localhost:${taken.port}`);
      assert.deepEqual(
        app.fake.record.errors.map(([title]) => title),
        ["Port not available"],
      );
      assert.match(app.fake.record.errors[0]![1], new RegExp(`Port ${taken.port} could not be used \\(EADDRINUSE\\)`));
    } finally {
      await quitApp(app);
      await taken.close();
    }
  });

  it("seeds a new data folder from the fixture file in the settings, and falls back to the default seed when it is broken", async () => {
    const userData = newUserData();
    const broken = join(userData, "broken.json");
    writeFileSync(broken, "{ not json");
    writeFileSync(join(userData, "settings.json"), JSON.stringify({ fixtureFile: broken }));
    const app = await startApp({ userData });
    try {
      assert.deepEqual(
        app.fake.record.errors.map(([title]) => title),
        ["Fixture file not used"],
      );
      assert.ok(await answers(app.origin));
      assert.deepEqual(await invoke(app, CHANNELS.getSettings, app.link), { port: null, fixtureFile: "broken.json", openAtLogin: false });
    } finally {
      await quitApp(app);
    }
  });
});

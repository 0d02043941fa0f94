// The desktop shell's security settings (Electron's checklist), on the built app run against the fake
// electron module with a real emulator: the window's flags, navigation and window-open handlers,
// permission handlers, the UI's CSP, and the sender check of every IPC handler.

import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CHANNELS, EVENTS } from "../../electron/channels.js";
import { NOTICE_URL_MAX, UI_CSP } from "../../electron/security.js";
import { invoke, newUserData, quitApp, type RunningApp, startApp } from "./desktop-harness.js";

describe("desktop security", () => {
  let app: RunningApp;
  const userData = newUserData();
  before(async () => {
    app = await startApp({ userData });
  });
  after(() => quitApp(app));

  it("opens one window with every security flag set explicitly and the preload beside main.cjs", () => {
    assert.equal(app.fake.record.windows.length, 1);
    const prefs = app.window.options.webPreferences as Record<string, unknown>;
    assert.deepEqual(
      { ...prefs, preload: undefined },
      {
        preload: undefined,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        experimentalFeatures: false,
        webviewTag: false,
        spellcheck: false,
      },
    );
    assert.match(String(prefs.preload), /dist[/\\]electron[/\\]preload\.cjs$/);
    assert.ok(existsSync(String(prefs.preload)));
    // Shown only once ready (no white flash), then shown.
    assert.equal(app.window.options.show, false);
    assert.equal(app.window.shown, 1);
  });

  it("keeps navigation on the emulator's origin: refused navigations and redirects open nothing and are reported to the page", () => {
    const wc = app.window.webContents;
    const before = { external: app.fake.record.external.length, sent: wc.sent.length };
    assert.equal(wc.navigate(`${app.origin}/ui/#/tokens`), false, "same origin: allowed");
    assert.equal(wc.navigate("https://evil.example/"), true, "another origin: prevented");
    // Origins are compared parsed, not by prefix: a look-alike host is another origin, an unparsable URL is refused.
    const lookAlike = app.origin.replace("localhost", "localhost.evil.example");
    assert.equal(wc.navigate(`${lookAlike}/ui/`), true);
    assert.equal(wc.navigate(`${app.origin}.evil.example/`), true);
    assert.equal(wc.navigate(app.origin.replace("localhost", "127.0.0.1")), true, "same port, other host: prevented");
    assert.equal(wc.navigate("file:///etc/passwd"), true);
    assert.equal(wc.navigate("javascript:alert(1)"), true);
    assert.equal(wc.navigate("https://evil.example/next", "will-redirect"), true, "redirects are guarded too");
    // Even right after a click: a navigation is the page's doing (a link without a target, or a script), never the browser's.
    wc.click();
    assert.equal(wc.navigate("https://example.com/clicked"), true);
    assert.deepEqual(app.fake.record.external.slice(before.external), [], "nothing was opened");
    const notice = (url: string, kind: string) => [EVENTS.navigationBlocked, { url, kind }];
    assert.deepEqual(wc.sent.slice(before.sent), [
      notice("https://evil.example/", "navigation"),
      notice(`${lookAlike}/ui/`, "navigation"),
      notice(`${app.origin}.evil.example/`, "navigation"),
      notice(app.origin.replace("localhost", "127.0.0.1"), "navigation"),
      notice("file:///etc/passwd", "navigation"),
      notice("javascript:alert(1)", "navigation"),
      notice("https://evil.example/next", "redirect"),
      notice("https://example.com/clicked", "navigation"),
    ]);
    // A URL a page made huge reaches the page cut short.
    wc.navigate(`https://evil.example/${"a".repeat(100_000)}`);
    const long = wc.sent.at(-1)![1] as { url: string };
    assert.equal(long.url.length, NOTICE_URL_MAX + 1);
    assert.ok(long.url.endsWith("…"));
  });

  it("a redirect of the emulator to a foreign origin (an OAuth error to the client's redirect_uri) opens nothing", async () => {
    const wc = app.window.webContents;
    const before = { external: app.fake.record.external.length, sent: wc.sent.length };
    const authorize = new URL(`${app.origin}/oauth/v2/authorize`);
    authorize.search = new URLSearchParams({
      client_id: "demo-browser",
      redirect_uri: "http://localhost:3000/callback",
      response_type: "code",
      scope: "openid",
    }).toString();
    const answer = await fetch(authorize, { redirect: "manual" });
    assert.equal(answer.status, 302);
    const location = answer.headers.get("location")!;
    assert.equal(new URL(location).origin, "http://localhost:3000");
    // Electron reports the redirect of the window's request as will-redirect, with the Location followed.
    wc.click();
    assert.equal(wc.navigate(location, "will-redirect"), true);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(app.fake.record.external.slice(before.external), []);
    assert.deepEqual(wc.sent.slice(before.sent), [[EVENTS.navigationBlocked, { url: location, kind: "redirect" }]]);
  });

  it("never opens a new window: the system browser gets an http(s) link the user just clicked, once; anything else is refused and reported", async () => {
    const wc = app.window.webContents;
    const handler = wc.windowOpenHandler!;
    const before = { external: app.fake.record.external.length, sent: wc.sent.length };
    // A script's window.open, no click: denied, nothing opened.
    assert.deepEqual(handler({ url: "https://example.com/popup" }), { action: "deny" });
    wc.click();
    assert.deepEqual(handler({ url: `${app.origin}/.well-known/openid-configuration` }), { action: "deny" });
    // The click is used up: a second window.open right after it is a script's.
    assert.deepEqual(handler({ url: "https://example.com/second" }), { action: "deny" });
    wc.click();
    assert.deepEqual(handler({ url: "https://example.com/docs" }), { action: "deny" });
    wc.click();
    assert.deepEqual(handler({ url: "mailto:a@example.com" }), { action: "deny" });
    wc.click();
    assert.deepEqual(handler({ url: "file:///etc/passwd" }), { action: "deny" });
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(app.fake.record.external.slice(before.external), [`${app.origin}/.well-known/openid-configuration`, "https://example.com/docs"]);
    assert.deepEqual(
      wc.sent.slice(before.sent).map((m) => (m[1] as { url: string }).url),
      ["https://example.com/popup", "https://example.com/second", "mailto:a@example.com", "file:///etc/passwd"],
    );
  });

  it("prevents <webview> from attaching", () => {
    assert.equal(app.window.webContents.navigate("about:blank", "will-attach-webview"), true);
  });

  it("denies every permission request and check", () => {
    const answers: boolean[] = [];
    for (const p of ["media", "geolocation", "notifications", "clipboard-read", "openExternal"])
      app.fake.record.permissionRequest!({}, p, (g) => answers.push(g));
    assert.deepEqual(answers, [false, false, false, false, false]);
    assert.equal(app.fake.record.permissionCheck!({}, "media"), false);
  });

  it("adds the UI's CSP to a /ui/ answer of the emulator that has no script policy, and leaves others alone", () => {
    const hook = app.fake.record.headers!;
    assert.deepEqual(hook.filter, { urls: [`${app.origin}/*`] });
    const answer = (url: string, headers: Record<string, string[]>) => {
      let got: unknown;
      hook.listener({ url, resourceType: "mainFrame", responseHeaders: headers }, (a) => (got = a));
      return got;
    };
    assert.deepEqual(answer(`${app.origin}/ui/`, { "content-security-policy": ["frame-ancestors 'none'"], "X-A": ["1"] }), {
      responseHeaders: { "X-A": ["1"], "Content-Security-Policy": [UI_CSP] },
    });
    assert.deepEqual(answer(`${app.origin}/ui/`, { "Content-Security-Policy": ["default-src 'self'"] }), {});
    assert.deepEqual(answer(`${app.origin}/oauth/v2/authorize`, {}), {});
    assert.deepEqual(answer("https://evil.example/ui/", {}), {});
    assert.match(UI_CSP, /script-src 'self'/);
    assert.match(UI_CSP, /object-src 'none'/);
  });

  it("registers exactly one handler per preload function and refuses senders not on the emulator's origin", async () => {
    assert.deepEqual([...app.fake.record.handlers.keys()].sort(), Object.values(CHANNELS).sort());
    const settingsFile = join(userData, "settings.json");
    const before = existsSync(settingsFile) ? readFileSync(settingsFile, "utf8") : "";
    for (const sender of ["https://evil.example/ui/", `${app.origin}.evil.example/`, "file:///tmp/x.html", "", null]) {
      for (const channel of Object.values(CHANNELS)) {
        await assert.rejects(
          invoke(app, channel, sender, { openAtLogin: true }),
          /refused: the sender .* is not the emulator's origin/,
          `${channel} ${sender}`,
        );
      }
    }
    // Nothing happened: no dialog, no folder opened, no settings written, no login item.
    assert.deepEqual(app.fake.record.openedPaths, []);
    assert.deepEqual(app.fake.record.loginItems, []);
    assert.equal(existsSync(settingsFile) ? readFileSync(settingsFile, "utf8") : "", before);
    assert.deepEqual(await invoke(app, CHANNELS.getSettings, `${app.origin}/ui/#/overview`), { port: null, fixtureFile: null, openAtLogin: false });
  });
});

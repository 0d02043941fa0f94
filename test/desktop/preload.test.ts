// The built preload (dist/electron/preload.cjs) run with a fake contextBridge and ipcRenderer: it
// exposes exactly the named functions under window.svcDesktop, each invoking its own channel, and
// nothing that would let the page name a channel.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { API_KEY, CHANNELS, EVENTS } from "../../electron/channels.js";
import { fakeElectron, loadPreload } from "./fake-electron.js";

const require = createRequire(import.meta.url);

describe("the preload", () => {
  it("exposes exactly openImportFile, saveExport, revealDataDir, getSettings, setSettings and onNavigationBlocked as window.svcDesktop", () => {
    const fake = fakeElectron({ userData: "/nonexistent" });
    loadPreload(fake);
    assert.deepEqual([...fake.record.exposed.keys()], [API_KEY]);
    assert.equal(API_KEY, "svcDesktop");
    const api = fake.record.exposed.get(API_KEY)!;
    assert.deepEqual(Object.keys(api).sort(), ["getSettings", "onNavigationBlocked", "openImportFile", "revealDataDir", "saveExport", "setSettings"]);
    for (const f of Object.values(api)) assert.equal(typeof f, "function");
  });

  it("calls each function's own channel with the page's arguments only", async () => {
    const fake = fakeElectron({ userData: "/nonexistent" });
    loadPreload(fake);
    const api = fake.record.exposed.get(API_KEY) as Record<string, (...a: unknown[]) => Promise<unknown>>;
    await api.openImportFile!("ignored");
    await api.saveExport!("orgs.json", new Uint8Array([123, 125]));
    await api.revealDataDir!();
    await api.getSettings!();
    await api.setSettings!({ port: 9000 });
    assert.deepEqual(fake.record.invoked, [
      [CHANNELS.openImportFile],
      [CHANNELS.saveExport, "orgs.json", new Uint8Array([123, 125])],
      [CHANNELS.revealDataDir],
      [CHANNELS.getSettings],
      [CHANNELS.setSettings, { port: 9000 }],
    ]);
  });

  it("onNavigationBlocked hands the page each refused navigation as {url, kind} only, drops malformed messages, and stops on request", () => {
    const fake = fakeElectron({ userData: "/nonexistent" });
    loadPreload(fake);
    const api = fake.record.exposed.get(API_KEY) as { onNavigationBlocked(l: (n: unknown) => void): () => void };
    const got: unknown[] = [];
    const stop = api.onNavigationBlocked((n) => got.push(n));
    const main = fake.electron.ipcRenderer;
    main.emit(EVENTS.navigationBlocked, {}, { url: "https://evil.example/", kind: "redirect", extra: "dropped" });
    main.emit(EVENTS.navigationBlocked, {}, { url: 42, kind: "redirect" });
    main.emit(EVENTS.navigationBlocked, {}, { url: "https://evil.example/", kind: "anything" });
    main.emit(EVENTS.navigationBlocked, {}, null);
    main.emit("svc-desktop:other", {}, { url: "https://evil.example/other", kind: "navigation" });
    assert.deepEqual(got, [{ url: "https://evil.example/", kind: "redirect" }]);
    stop();
    main.emit(EVENTS.navigationBlocked, {}, { url: "https://evil.example/late", kind: "navigation" });
    assert.equal(got.length, 1);
    assert.equal(main.listenerCount(EVENTS.navigationBlocked), 0);
    assert.throws(() => api.onNavigationBlocked("not a function" as never), /onNavigationBlocked\(listener\) takes a function/);
  });

  it("is one file that requires only electron (a sandboxed preload can load nothing else)", () => {
    const text = readFileSync(require.resolve("../../dist/electron/preload.cjs"), "utf8");
    assert.deepEqual(
      [...text.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]),
      ["electron"],
    );
  });
});

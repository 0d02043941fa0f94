// The built preload (dist/electron/preload.cjs) run with a fake contextBridge and ipcRenderer: it
// exposes exactly the named functions under window.svcDesktop, each invoking its own channel, and
// nothing that would let the page name a channel.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { API_KEY, CHANNELS } from "../../electron/channels.js";
import { fakeElectron, loadPreload } from "./fake-electron.js";

const require = createRequire(import.meta.url);

describe("the preload", () => {
  it("exposes exactly openImportFile, saveExport, revealDataDir, getSettings and setSettings as window.svcDesktop", () => {
    const fake = fakeElectron({ userData: "/nonexistent" });
    loadPreload(fake);
    assert.deepEqual([...fake.record.exposed.keys()], [API_KEY]);
    assert.equal(API_KEY, "svcDesktop");
    const api = fake.record.exposed.get(API_KEY)!;
    assert.deepEqual(Object.keys(api).sort(), ["getSettings", "openImportFile", "revealDataDir", "saveExport", "setSettings"]);
    for (const f of Object.values(api)) assert.equal(typeof f, "function");
  });

  it("calls each function's own channel with the page's arguments only", async () => {
    const fake = fakeElectron({ userData: "/nonexistent" });
    loadPreload(fake);
    const api = fake.record.exposed.get(API_KEY) as Record<string, (...a: unknown[]) => Promise<unknown>>;
    await api.openImportFile!("ignored");
    await api.saveExport!("orgs.json", '{"orgs":[]}');
    await api.revealDataDir!();
    await api.getSettings!();
    await api.setSettings!({ port: 9000 });
    assert.deepEqual(fake.record.invoked, [
      [CHANNELS.openImportFile],
      [CHANNELS.saveExport, "orgs.json", '{"orgs":[]}'],
      [CHANNELS.revealDataDir],
      [CHANNELS.getSettings],
      [CHANNELS.setSettings, { port: 9000 }],
    ]);
  });

  it("is one file that requires only electron (a sandboxed preload can load nothing else)", () => {
    const text = readFileSync(require.resolve("../../dist/electron/preload.cjs"), "utf8");
    assert.deepEqual(
      [...text.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]),
      ["electron"],
    );
  });
});

// renderer/src/screens/import-export/save-file.ts: the export's file name from the emulator's time,
// safe on every file system, and the desktop app's save bridge only where its preload offers it.

import "./browser-window.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { desktopBridge, exportFileName } from "../../renderer/src/screens/import-export/save-file.js";

/** Characters some file system refuses in a name (control characters aside: a time has none). */
const UNSAFE = /[<>:"/\\|?*]/;

describe("exportFileName", () => {
  it("names the file by the time without its fraction or colons", () => {
    assert.equal(exportFileName("2026-11-25T00:12:03.456Z"), "svc-export-2026-11-25T00-12-03Z.json");
    assert.equal(exportFileName("2026-11-25T00:12:03Z"), "svc-export-2026-11-25T00-12-03Z.json");
    assert.equal(exportFileName(new Date(0).toISOString()), "svc-export-1970-01-01T00-00-00Z.json");
    assert.equal(exportFileName("+275760-09-13T00:00:00.000Z"), "svc-export-+275760-09-13T00-00-00Z.json", "the latest date there is");
    for (const at of ["2026-11-25T00:12:03.456Z", new Date(8.64e15).toISOString()]) assert.doesNotMatch(exportFileName(at), UNSAFE, at);
  });
});

describe("desktopBridge", () => {
  it("is there only when the preload offers saveExport", () => {
    const w = globalThis as { svcDesktop?: unknown };
    try {
      delete w.svcDesktop;
      assert.equal(desktopBridge(), undefined, "a plain browser");
      w.svcDesktop = {};
      assert.equal(desktopBridge(), undefined, "a preload without the function");
      w.svcDesktop = { saveExport: "not a function" };
      assert.equal(desktopBridge(), undefined);
      const bridge = { saveExport: async () => true };
      w.svcDesktop = bridge;
      assert.equal(desktopBridge(), bridge);
    } finally {
      delete w.svcDesktop;
    }
  });
});

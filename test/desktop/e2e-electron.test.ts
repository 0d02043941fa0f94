// End to end in the real Electron with Playwright's `_electron`, where Electron's binary and the SQLite
// addon built for it exist (after `npm run desktop` on a networked machine, or with
// ELECTRON_OVERRIDE_DIST_PATH). Here it cannot run: Electron ≥ 42 downloads its binary lazily and these
// machines are offline, so the test reports itself SKIPPED with that reason; it never counts as passed
// without running.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { addonDir, addonProblems, BUILD_COMMAND } from "../../scripts/desktop/electron-addon.js";
import { electronBinary } from "../../scripts/desktop/electron-binary.js";
import { electronTarget } from "../../scripts/desktop/electron-target.js";

const target = electronTarget(resolve("."));
const binary = electronBinary(target);

describe("the desktop app in Electron (Playwright _electron)", () => {
  it("opens the signed-in UI with the preload API, no Node in the page, and navigation kept on the emulator", async (t) => {
    if (!existsSync(binary)) {
      t.skip(`Electron's binary is not installed (looked for ${binary}); \`npm run desktop\` fetches it, or set ELECTRON_OVERRIDE_DIST_PATH`);
      return;
    }
    const problems = addonProblems(resolve("."), addonDir(resolve(".")), target);
    if (problems.length > 0) {
      t.skip(`the SQLite addon for Electron is not built (${problems.join("; ")}); \`${BUILD_COMMAND}\` builds it`);
      return;
    }
    const { _electron } = await import("playwright-core");
    // The app's user-data folder is <app data>/svc-emulator: on Linux under XDG_CONFIG_HOME, here a fresh folder.
    const config = mkdtempSync(join(tmpdir(), "svc-e2e-"));
    const app = await _electron.launch({ executablePath: binary, args: [resolve("dist/electron/main.cjs")], env: { ...process.env, XDG_CONFIG_HOME: config } });
    try {
      const page = await app.firstWindow();
      await page.waitForLoadState("domcontentloaded");
      const url = new URL(page.url());
      assert.equal(url.hostname, "localhost");
      assert.equal(url.pathname, "/ui/");
      assert.equal(url.searchParams.has("t"), false, "the one-time token is removed from the address");
      assert.deepEqual(await page.evaluate(() => Object.keys((window as unknown as { svcDesktop: object }).svcDesktop).sort()), [
        "getSettings",
        "onNavigationBlocked",
        "openImportFile",
        "revealDataDir",
        "saveExport",
        "setSettings",
      ]);
      assert.deepEqual(
        await page.evaluate(() => [typeof (globalThis as { require?: unknown }).require, typeof (globalThis as { process?: unknown }).process]),
        ["undefined", "undefined"],
      );
      assert.deepEqual(await page.evaluate(() => (window as unknown as { svcDesktop: { getSettings(): Promise<unknown> } }).svcDesktop.getSettings()), {
        port: null,
        fixtureFile: null,
        openAtLogin: false,
      });
      await page.evaluate(() => {
        location.href = "https://evil.example/";
      });
      await page.waitForTimeout(500);
      assert.equal(new URL(page.url()).origin, url.origin, "navigation away was prevented");
      assert.ok(existsSync(join(config, "svc-emulator", "data", "emulator.sqlite")));
    } finally {
      await app.close();
    }
  });
});

// The desktop app's Settings screen in Chromium, with window.svcDesktop provided the way the app's
// preload provides it (before any script of the page; here an init script standing in for the
// preload, whose own functions are tested in test/desktop/). In a plain browser the screen is absent.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { startTestEmulator } from "../helpers/emulator.js";
import { axeViolations, newUiContext, noChromium, openUi, SCREENSHOTS, watchProblems } from "../helpers/browser.js";

/**
 * A stand-in for the preload: records calls in window.desktopCalls; setSettings refuses port 1024 with an
 * error in the form Electron gives a handler's error to the page. Plain JavaScript text: a function compiled by tsx would
 * carry helpers the page does not have.
 */
const FAKE_PRELOAD = `
  const calls = [];
  let settings = { port: null, fixtureFile: "team.json", openAtLogin: false };
  window.desktopCalls = calls;
  window.svcDesktop = Object.freeze({
    openImportFile: async () => (calls.push(["openImportFile"]), null),
    saveExport: async (name, text) => (calls.push(["saveExport", name, text]), null),
    revealDataDir: async () => void calls.push(["revealDataDir"]),
    getSettings: async () => (calls.push(["getSettings"]), settings),
    setSettings: async (change) => {
      calls.push(["setSettings", change]);
      if (change.port === 1024) throw new Error("Error invoking remote method 'svc-desktop:set-settings': Error: settings: refused by the test");
      settings = { ...settings, ...change };
      return settings;
    },
  });`;

describe("the desktop settings screen", { skip: noChromium }, async () => {
  const emu = await startTestEmulator();

  it("is not there in a plain browser", async () => {
    const ui = await openUi(emu);
    const nav = await ui.page.$$eval("header.top nav a", (links) => links.map((a) => a.textContent));
    assert.ok(!nav.some((l) => l?.includes("Desktop")), nav.join());
    await ui.assertClean();
  });

  it("inside the app: shows the stored settings, saves a fixed port and open at login, shows a refusal as text, clears the fixture file", async () => {
    const context = await newUiContext();
    await context.addInitScript(FAKE_PRELOAD);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(emu.uiLink());
    await page.waitForSelector("header.top nav");
    await page.click("header.top nav >> text=Desktop");
    await page.waitForSelector('section.card:has(> h2:text-is("App settings"))');
    assert.equal(await page.textContent("[data-testid=fixture-file]"), "team.json");
    assert.equal(await page.isChecked("text=A free port at each start"), true);

    await page.check("text=Fixed port");
    // Out of range: the form itself refuses it, nothing is sent.
    await page.fill("[aria-label='Fixed port number']", "80");
    await page.click("text=Save settings");
    await page.fill("[aria-label='Fixed port number']", "1024");
    await page.click("text=Save settings");
    await page.waitForSelector(".error-banner");
    assert.equal(await page.textContent(".error-banner span"), "settings: refused by the test");
    await page.click(".error-banner >> text=Dismiss");

    await page.fill("[aria-label='Fixed port number']", "9100");
    await page.check("text=Open at login");
    await page.click("text=Save settings");
    await page.waitForSelector("text=Saved. The port applies at the next start.");
    await page.click("text=Use the default seed");
    await page.waitForSelector("text=none (the default seed)");
    await page.click("text=Open data folder");
    await page.waitForFunction(() => (window as unknown as { desktopCalls: unknown[][] }).desktopCalls.some((c) => c[0] === "revealDataDir"));

    const calls = await page.evaluate(() => (window as unknown as { desktopCalls: unknown[][] }).desktopCalls.filter((c) => c[0] !== "getSettings"));
    assert.deepEqual(calls, [
      ["setSettings", { port: 1024, openAtLogin: false }],
      ["setSettings", { port: 9100, openAtLogin: true }],
      ["setSettings", { fixtureFile: null }],
      ["revealDataDir"],
    ]);
    const found = [...problems, ...(await axeViolations(page))];
    assert.deepEqual(found, []);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, "desktop.png") });
  });
});

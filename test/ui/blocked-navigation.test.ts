// The desktop app's notice of a refused navigation, in Chromium: window.svcDesktop provided the way
// the app's preload provides it (an init script standing in for it; the preload's own function and the
// main process's guard are tested in test/desktop/), a notice delivered as the main process sends it,
// shown as text (a hostile URL included), dismissable, accessible. In a plain browser there is none.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { startTestEmulator } from "../helpers/emulator.js";
import { axeViolations, newUiContext, noChromium, openUi, watchProblems } from "../helpers/browser.js";

/** A stand-in for the preload's onNavigationBlocked: the page's listeners, reachable as window.deliverBlocked(notice). Plain JavaScript text. */
const FAKE_PRELOAD = `
  const listeners = new Set();
  window.deliverBlocked = (notice) => listeners.forEach((l) => l(notice));
  window.listenerCount = () => listeners.size;
  window.svcDesktop = Object.freeze({
    getSettings: async () => ({ port: null, fixtureFile: null, openAtLogin: false }),
    onNavigationBlocked: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
  });`;

const HOSTILE = 'https://evil.example/"><img src=x onerror="window.pwned=1">';

describe("the blocked-navigation notice", { skip: noChromium }, async () => {
  const emu = await startTestEmulator();

  it("inside the app: a refused redirect is shown with its URL as text until dismissed", async () => {
    const context = await newUiContext();
    await context.addInitScript(FAKE_PRELOAD);
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(emu.uiLink());
    await page.waitForSelector("header.top nav");
    await page.waitForFunction(() => (window as unknown as { listenerCount(): number }).listenerCount() === 1);
    assert.equal(await page.locator("[data-testid=blocked-navigation]").count(), 0, "no notice before anything was refused");

    await page.evaluate((url) => (window as unknown as { deliverBlocked(n: unknown): void }).deliverBlocked({ url, kind: "redirect" }), HOSTILE);
    const notice = page.locator("[data-testid=blocked-navigation]");
    await notice.waitFor();
    assert.equal(
      (await notice.locator("span").textContent())?.replace(/\s+/g, " "),
      `A redirect to ${HOSTILE} was blocked: the app stays on the emulator, and only links you click open in your browser.`,
    );
    assert.equal(await notice.locator("img").count(), 0);
    assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
    assert.equal(await notice.getAttribute("role"), "status");
    assert.deepEqual([...problems, ...(await axeViolations(page))], []);

    await page.evaluate(() =>
      (window as unknown as { deliverBlocked(n: unknown): void }).deliverBlocked({ url: "https://example.com/docs", kind: "new-window" }),
    );
    await page.waitForSelector("text=A new window without a click to");
    await notice.locator("text=Dismiss").click();
    assert.equal(await page.locator("[data-testid=blocked-navigation]").count(), 0);
    await context.close();
  });

  it("in a plain browser: no notice, nothing listened to", async () => {
    const ui = await openUi(emu);
    assert.equal(await ui.page.locator("[data-testid=blocked-navigation]").count(), 0);
    await ui.assertClean();
  });
});

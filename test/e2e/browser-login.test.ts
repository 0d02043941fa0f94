// Sign-in in a real browser (issue 3): Debian's Chromium, driven by Playwright, signs in once through
// the emulator's login page from a browser app using oidc-client-ts; the session cookie and the
// redirects work on http://localhost, and a second sign-in needs no login page.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { chromiumBrowser, noChromium } from "../helpers/browser.js";
import { startSpaAndEmulator } from "./spa-server.js";

describe("browser sign-in with oidc-client-ts", { skip: noChromium }, () => {
  it("signs alice in through the login page and back into the app", async () => {
    const { spa, emu } = await startSpaAndEmulator();
    const browser = await chromiumBrowser();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(spa.origin);
    await page.click("#signin");
    await page.waitForURL(/\/ui\/login\/login\?authRequest=/);
    assert.equal(await page.title(), "Sign in · svc-emulator");
    await page.fill("#loginName", "alice");
    await page.fill("#password", "Password1!");
    await page.click("button[type=submit]");
    await page.waitForURL(`${spa.origin}/callback**`);
    await page.waitForFunction(() => document.getElementById("who")?.textContent !== "…");
    assert.equal(await page.textContent("#who"), "Alice Allen <alice@svc-emulator.localhost>");

    const cookie = (await context.cookies(emu.url)).find((c) => c.name === "svc_emulator_user_agent");
    assert.ok(cookie, "the user agent cookie is set on localhost");
    assert.deepEqual([cookie.sameSite, cookie.httpOnly, cookie.secure], ["Lax", true, false]);

    await page.goto(spa.origin);
    await page.click("#signin");
    await page.waitForURL(`${spa.origin}/callback**`);
    await page.waitForFunction(() => document.getElementById("who")?.textContent !== "…");
    assert.equal(await page.textContent("#who"), "Alice Allen <alice@svc-emulator.localhost>", "the session signs in again without the login page");
  });
});

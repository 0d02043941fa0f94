// The emulator's own OIDC demo page (/ui/demo/) in Chromium: sign in through the shortcut, see the
// tokens, claims and userinfo, refresh, and log out back to the page.

import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import { startTestEmulator } from "../helpers/emulator.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const skip = existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM} (.ci/run installs Debian's chromium)`;

describe("the OIDC demo page", { skip }, () => {
  it("signs in with the shortcut, shows claims and userinfo, refreshes and logs out", async () => {
    const emu = await startTestEmulator();
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
    });
    after(() => browser.close());
    const page = await browser.newPage();
    await page.goto(`${emu.url}/ui/demo/`);
    await page.click("#signin");
    await page.waitForURL(/\/ui\/login\/login/);
    await page.click("text=Alice Allen");
    await page.waitForFunction(() => document.getElementById("status")?.textContent === "Signed in.");
    const claims = JSON.parse((await page.textContent("#idclaims"))!) as Record<string, unknown>;
    assert.equal(claims.azp, "demo-browser");
    const info = JSON.parse((await page.textContent("#userinfo"))!) as Record<string, unknown>;
    assert.equal(info.email, "alice@svc-emulator.localhost");
    await page.click("#refresh");
    await page.waitForFunction(() => document.getElementById("status")?.textContent === "Refreshed.");
    await page.click("#logout");
    await page.waitForURL(`${emu.url}/ui/demo/`);
    assert.equal(await page.isHidden("#signedin"), true);
    const sessions = (await (await fetch(`${emu.url}/emulator/v1/sessions`, { headers: { authorization: `Bearer ${emu.consoleToken}` } })).json()) as {
      sessions: { terminatedAt: string | null }[];
    };
    assert.ok(
      sessions.sessions.every((s) => s.terminatedAt),
      "logout ended the session",
    );
  });
});

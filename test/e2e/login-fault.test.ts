// A failed login through a fault (issue 29), in Chromium with oidc-client-ts: the "next login fails"
// fault sends the browser back to the app with error=access_denied, which oidc-client-ts reports as
// an ErrorResponse of that code; the next sign-in works.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { rawControl as control } from "../helpers/control-client.js";
import { chromiumBrowser, noChromium } from "../helpers/browser.js";
import { startSpaAndEmulator } from "./spa-server.js";

describe("a failed login, injected, seen by oidc-client-ts", { skip: noChromium }, () => {
  it("comes back to the app as access_denied, and the next sign-in works", async () => {
    const { spa, emu } = await startSpaAndEmulator();
    const added = await control(emu)("/faults", {
      method: "POST",
      json: { where: { endpoint: "login" }, what: { kind: "oauthError", error: "access_denied", description: "the login failed" }, times: 1 },
    });
    assert.equal(added.status, 201, added.text);
    const browser = await chromiumBrowser();
    const page = await (await browser.newContext()).newPage();
    await page.goto(spa.origin);
    await page.click("#signin");
    await page.waitForURL(`${spa.origin}/callback**`);
    await page.waitForFunction(() => document.getElementById("who")?.textContent !== "…");
    assert.equal(await page.getAttribute("#who", "data-error"), "access_denied");
    assert.equal(await page.textContent("#who"), "error: the login failed");

    await page.goto(spa.origin);
    await page.click("#signin");
    await page.waitForURL(/\/ui\/login\/login\?authRequest=/);
    await page.fill("#loginName", "alice");
    await page.fill("#password", "Password1!");
    await page.click("button[type=submit]");
    await page.waitForURL(`${spa.origin}/callback**`);
    await page.waitForFunction(() => document.getElementById("who")?.textContent !== "…");
    assert.equal(await page.textContent("#who"), "Alice Allen <alice@svc-emulator.localhost>");
    const journal = (await control(emu).as("requests", "/requests?endpoint=login")).body;
    assert.deepEqual(journal.requests[0], { ...journal.requests[0], status: 302, faultId: "fault-1" });
  });
});

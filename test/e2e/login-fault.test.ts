// A failed login through a fault (issue 29), in Chromium with oidc-client-ts: the "next login fails"
// fault sends the browser back to the app with error=access_denied, which oidc-client-ts reports as
// an ErrorResponse of that code; the next sign-in works.

import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";
import { control, startTestEmulator } from "../helpers/emulator.js";
import { withApps } from "../helpers/fixtures.js";
import type { Emulator } from "../../emulator/src/index.js";
import { startSpa } from "./spa-server.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const skip = existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM} (.ci/run installs Debian's chromium)`;

describe("a failed login, injected, seen by oidc-client-ts", { skip }, () => {
  let emu: Emulator;
  let browser: Browser;
  after(async () => browser?.close());

  it("comes back to the app as access_denied, and the next sign-in works", async () => {
    const spa = await startSpa(() => emu.issuer);
    after(() => spa.server.close());
    emu = await startTestEmulator({
      fixtures: withApps({
        type: "oidc",
        name: "e2e SPA",
        clientId: "e2e-spa",
        authMethod: "none",
        appType: "user_agent",
        redirectUris: [`${spa.origin}/callback`],
      }),
    });
    const added = await control(emu)("/faults", {
      method: "POST",
      json: { where: { endpoint: "login" }, what: { kind: "oauthError", error: "access_denied", description: "the login failed" }, times: 1 },
    });
    assert.equal(added.status, 201, added.text);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
    });
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
    const journal = (await control(emu)("/requests?endpoint=login")).body as { requests: { status: number; faultId: string | null }[] };
    assert.deepEqual(journal.requests[0], { ...journal.requests[0], status: 302, faultId: "fault-1" });
  });
});

// The OIDC flows screen (issue 13, screen 5) in Chromium: code + PKCE run through the control API's
// flow runner, the timeline of authorize / login / callback / token / userinfo with their statuses
// and raw exchanges, and the ID token opened in the inspector; the device flow with its user's side.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { noChromium, openUi } from "../helpers/browser.js";
import { internals } from "../../emulator/src/internal.js";
import { defaultInstance } from "../../emulator/src/domain/instance/queries.js";
import { getUserByUsername } from "../../emulator/src/domain/user/queries.js";

describe("the OIDC flows screen", { skip: noChromium }, async () => {
  const emu = await startTestEmulator();
  const api = control(emu);

  it("runs code + PKCE as a chosen user and shows each step as a timeline", async () => {
    const ui = await openUi(emu, { path: "/ui/flows" });
    const { page } = ui;
    await page.waitForSelector("h1:text-is('OIDC flows')");
    await page.getByLabel("App").selectOption("demo-browser");
    await page.getByLabel("Signs in as").selectOption({ label: "bob@emulator-org.localhost" });
    await page.click("button:text-is('Run')");
    await page.waitForSelector("section.card:has(> ol.timeline) > h2:has-text('completed')");
    const steps = await page.$$eval("[data-step]", (items) =>
      items.map((i) => [i.getAttribute("data-step"), i.querySelector(".badge")!.textContent, i.querySelector(".step-url")!.textContent!.split(" ")[0]]),
    );
    assert.deepEqual(steps, [
      ["authorize", "302", "GET"],
      ["login page", "200", "GET"],
      ["login", "302", "POST"],
      ["callback", "not sent", "GET"],
      ["token", "200", "POST"],
      ["userinfo", "200", "GET"],
    ]);
    // The raw exchange of the token step: the PKCE verifier went out, tokens came back.
    const token = page.locator("[data-step=token]");
    await token.locator("summary").click();
    assert.match(await token.innerText(), /code_verifier=/);
    assert.match(await token.innerText(), /"id_token"/);
    // The tokens are the emulator's: listed by the control API for bob.
    const listed = (await api.as("tokens", "/tokens")).body;
    assert.ok(listed.tokens.some((t) => t.clientId === "demo-browser" && t.kind === "access"));
    await ui.finish("flows");
    await page.click("a:text-is('Inspect the id token')");
    await page.waitForSelector("[data-check=nonce][data-state=ok]");
    await page.waitForSelector("[data-check=at_hash][data-state=ok]");
    await ui.assertClean();
  });

  it("shows the runner's refusal for a confidential app without its secret, and runs it with the secret", async () => {
    const ui = await openUi(emu, { path: "/ui/flows" });
    const { page } = ui;
    await page.waitForSelector("h1:text-is('OIDC flows')");
    await page.getByLabel("App").selectOption("demo-server");
    await page.click("button:text-is('Run')");
    await page.waitForSelector("[role=alert]:has-text('pass its clientSecret')");
    // The refusal on purpose: the 400 of /flows (and Chromium's console line for it), nothing else.
    assert.deepEqual(
      ui.problems.map((p) => p.replace(/localhost:\d+/, "H")),
      ["HTTP 400: POST http://H/emulator/v1/flows", "console: Failed to load resource: the server responded with a status of 400 (Bad Request)"],
    );
    ui.problems.length = 0;
    await page.getByLabel("Client secret").fill("demo-server-secret");
    await page.click("button:text-is('Run')");
    await page.waitForSelector("section.card:has(> ol.timeline) > h2:has-text('completed')");
    await page.locator("[data-step=token] summary").click();
    assert.match(await page.innerText("[data-step=token]"), /"authorization": "Basic \*\*\*"/);
    await page.locator("[data-step=login] summary").click();
    const timeline = await page.innerText("ol.timeline");
    assert.ok(timeline.includes('"location"'), "the raw exchanges are shown");
    assert.ok(!timeline.includes("demo-server-secret"), "the secret is not in the recorded exchanges");
    // Issue 24 (item 9): the button runs the refresh itself.
    await page.click("button:text-is('Refresh with this refresh token')");
    await page.waitForSelector("section.card:has(> ol.timeline) > h2:has-text('refresh_token')");
    await page.waitForSelector("section.card:has(> ol.timeline) > h2:has-text('completed')");
    await ui.assertClean();
  });

  it("runs the device flow as a chosen user: the device's pending poll, the user's pages, then the tokens", async () => {
    const ui = await openUi(emu, { path: "/ui/flows" });
    const { page } = ui;
    await page.waitForSelector("h1:text-is('OIDC flows')");
    await page.getByRole("combobox", { name: /^Flow/ }).selectOption({ label: "Device code" });
    await page.getByLabel("App").selectOption("demo-browser");
    await page.getByLabel("Signs in as").selectOption({ label: "bob@emulator-org.localhost" });
    await page.click("button:text-is('Run')");
    await page.waitForSelector("section.card:has(> ol.timeline) > h2:has-text('device_code')");
    await page.waitForSelector("section.card:has(> ol.timeline) > h2:has-text('completed')");
    const steps = await page.$$eval("[data-step]", (items) => items.map((i) => [i.getAttribute("data-step"), i.querySelector(".badge")!.textContent]));
    assert.deepEqual(steps, [
      ["device authorization", "200"],
      ["poll", "400"],
      ["verification", "302"],
      ["user code page", "200"],
      ["user code", "302"],
      ["login page", "200"],
      ["login", "302"],
      ["consent page", "200"],
      ["allow", "200"],
      ["token", "200"],
      ["userinfo", "200"],
    ]);
    const poll = page.locator("[data-step=poll]");
    assert.equal(await poll.locator(".step-note").textContent(), "expected: the device polls before the user decided and is told authorization_pending");
    await poll.locator("summary").click();
    assert.match((await poll.textContent()) ?? "", /"error": "authorization_pending"/);
    // The ID token is bob's, for the device's app.
    await page.click("a:text-is('Inspect the id token')");
    await page.waitForSelector("[data-check=nonce]");
    const claim = async (name: string) =>
      (await page
        .locator("tr", { has: page.locator(`code:text-is('${name}')`) })
        .locator("td")
        .nth(1)
        .textContent()) ?? "";
    const bob = getUserByUsername(internals(emu).core.db, defaultInstance(internals(emu).core.db)!.id, "bob")!;
    assert.equal(await claim("sub"), bob.id);
    assert.match(await claim("aud"), /"demo-browser"/);
    await ui.assertClean();
  });
});

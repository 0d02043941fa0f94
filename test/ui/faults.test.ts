// The Faults screen (issue 29) in Chromium: a preset defines a fault for the selected instance; a
// token request it answers shows in the live journal with the fault's id, and the list counts the
// hit; a custom definition with a bad field shows the control API's refusal; removing empties the list.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { noChromium, openUi } from "../helpers/browser.js";

describe("the faults screen", { skip: noChromium }, async () => {
  const emu = await startTestEmulator();
  const api = control(emu);
  const token = () =>
    request(`${emu.url}/oauth/v2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: "demo-worker", client_secret: "demo-worker-secret" }),
    });

  it("defines a preset, shows the request it answered in the journal, refuses a bad definition, removes", async () => {
    const ui = await openUi(emu, { path: "/ui/faults" });
    const { page } = ui;
    await page.waitForSelector("text=No fault: every request is answered normally.");
    await page.click("button:text-is('Token endpoint answers invalid_grant once')");
    await page.waitForSelector("table:has(caption:text-is('Faults of this instance')) tbody tr:has-text('invalid_grant (400)')");
    const [fault] = (await api.as("faults", "/faults")).body.faults;
    assert.deepEqual([fault!.where, fault!.times], [{ endpoint: "token" }, 1]);

    assert.equal((await token()).status, 400);
    assert.equal((await token()).status, 200);
    const journalRow = page.locator("section[aria-label='Requests, newest first'] tbody tr:not(.spacer)", { hasText: fault!.id });
    await journalRow.waitFor();
    assert.match((await journalRow.textContent()) ?? "", /oidc http.*token.*demo-worker.*400/);
    await page.waitForSelector(`table:has(caption:text-is('Faults of this instance')) tbody tr:has-text('${fault!.id}'):has-text('used')`);

    await page.fill("textarea", JSON.stringify({ where: { endpoint: "tokens" }, what: { kind: "drop" } }));
    await page.click("button:text-is('Add fault')");
    await page.waitForSelector("[role=alert]:has-text('where.endpoint: unknown OIDC endpoint')");
    assert.equal((await api.as("faults", "/faults")).body.faults.length, 1, "the refused definition is not stored");
    await page.click("[role=alert] button");
    // The refusal was provoked: it is the only problem recorded (a 400 and the browser's console line for it).
    assert.deepEqual(
      ui.problems.filter((p) => !p.includes("400")),
      [],
    );
    assert.ok(
      ui.problems.some((p) => p.startsWith("HTTP 400: POST") && p.endsWith("/emulator/v1/faults")),
      ui.problems.join(),
    );
    ui.problems.length = 0;

    await page.click("button:text-is('GetUser is slow')");
    await page.waitForSelector("table:has(caption:text-is('Faults of this instance')) tbody tr:has-text('delay 3000 ms')");
    await ui.finish("faults");
    await page.click("button:text-is('Remove all faults')");
    await page.waitForSelector("text=No fault: every request is answered normally.");
    assert.deepEqual((await api.as("faults", "/faults")).body.faults, []);
  });
});

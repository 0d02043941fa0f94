// The Actions screen (issue 13, screen 6) in Chromium: a target pointing at the built-in sink and an
// event execution made in the UI; an event fired from the UI reaches the sink signed, and the call
// shows live in the delivery log with its signature checked; replay calls it again. Every step is
// checked on the wire too (resource API, control API, the sink's own record).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { noChromium, openUi } from "../helpers/browser.js";

describe("the actions screen", { skip: noChromium }, async () => {
  const emu = await startTestEmulator();
  const api = control(emu);
  const sinkCalls = async () => (await api.as("sinkCalls", "/sinks/demo/calls")).body.calls;
  const targets = async () =>
    (
      (await request(`${emu.url}/resources/v3alpha/targets/_search`, { method: "POST", token: emu.adminPat, json: [] })).body as {
        result?: { details: { id: string }; target: Record<string, unknown>; signingKey: string }[];
      }
    ).result ?? [];

  it("creates a target at the sink and an event execution, fires an event, sees the signed call live and replays it", async () => {
    const ui = await openUi(emu, { path: "/ui/actions" });
    const { page } = ui;
    await page.waitForSelector('section.card:has(> h2:text-is("Targets"))');

    // The new target's endpoint starts on the built-in sink.
    const form = page.locator("form[aria-label='Create target']");
    assert.equal(await form.getByLabel("Endpoint").inputValue(), `${emu.url}/emulator/v1/sink/demo`);
    await form.getByLabel("Name").fill("demo");
    await form.getByLabel("Mode").selectOption("interrupt");
    await form.getByRole("button", { name: "Create target" }).click();
    const shownKey = await page.locator("[data-testid=signing-key]").textContent();
    const [made] = await targets();
    assert.deepEqual(made!.target, { name: "demo", restWebhook: { url: `${emu.url}/emulator/v1/sink/demo` }, timeout: "10s", interruptOnError: true });
    assert.equal(shownKey, made!.signingKey);
    await page.waitForSelector("table:has(caption:text-is('Targets of the default instance')) td:text-is('demo')");

    // An execution on the event user.human.added (the editor's default) calling the new target.
    await page.getByRole("checkbox", { name: "demo" }).check();
    await page.click("button:text-is('Save execution')");
    await page.waitForSelector("td code:text-is('event/user.human.added')");
    const executions = (await request(`${emu.url}/resources/v3alpha/executions/_search`, { method: "POST", token: emu.adminPat, json: [] })).body as {
      result: { execution: unknown }[];
    };
    assert.deepEqual(
      executions.result.map((r) => r.execution),
      [{ condition: { event: { event: "user.human.added" } }, targets: [made!.details.id] }],
    );

    // Fire at the execution: choosing it fills in its event type and that type's sample payload.
    const fire = page.locator('section.card:has(> h2:text-is("Fire an event"))');
    const eventType = fire.getByLabel("Event type", { exact: true });
    await eventType.fill("org.added");
    await fire.getByLabel("At execution").selectOption({ label: "event/user.human.added (user.human.added)" });
    assert.equal(await eventType.inputValue(), "user.human.added");
    const payload = page.getByLabel("Payload (event_payload, JSON)");
    assert.deepEqual(JSON.parse(await payload.inputValue()), {
      userName: "jane@example.com",
      firstName: "Jane",
      lastName: "Doe",
      email: "jane@example.com",
      preferredLanguage: "en",
    });
    await payload.fill('{"userName": "<img src=x onerror=alert(1)>"}');
    await page.click("button:text-is('Fire event')");
    const result = page.locator("[data-testid=fire-result]");
    await result.locator("text=1 synchronous call").waitFor();
    assert.match((await result.textContent())!, /Matched execution event\/user\.human\.added/);
    assert.equal(await result.locator("td .badge").textContent(), "signature ok");

    // The sink got it signed; the delivery log shows it live with the check, and its payload as text.
    const received = await sinkCalls();
    assert.equal(received.length, 1);
    assert.equal(received[0]!.signatureValid, true);
    const sent = JSON.parse(received[0]!.body) as { event_type: string; event_payload: unknown };
    assert.deepEqual([sent.event_type, sent.event_payload], ["user.human.added", { userName: "<img src=x onerror=alert(1)>" }]);
    const log = page.locator("table:has(caption:text-is('Target calls, newest first')) tbody tr");
    await log.filter({ hasText: "signature ok" }).first().waitFor();
    assert.equal(await log.count(), 1);
    await log
      .first()
      .getByRole("button", { name: /^Details/ })
      .click();
    const details = page.locator("[data-testid=call-details]");
    assert.equal(await details.locator("[data-testid=call-status]").textContent(), "200");
    assert.equal(await details.locator("[data-testid=call-signature]").textContent(), "signature ok");
    assert.match((await details.textContent())!, /"<img src=x onerror=alert\(1\)>"/);
    assert.equal(await page.locator("img").count(), 0);

    // Replay: called again, signed anew; the new call arrives in the log.
    await details.getByRole("button", { name: "Replay" }).click();
    await page.waitForFunction(() => document.querySelectorAll("table:has(caption) tbody tr .badge-ok").length >= 3);
    assert.equal(await log.count(), 2);
    const again = await sinkCalls();
    assert.deepEqual(
      again.map((c) => c.signatureValid),
      [true, true],
    );
    assert.equal(again[1]!.body, received[0]!.body);
    const recorded = (await api.as("targetCalls", "/target-calls")).body.calls;
    assert.deepEqual(
      recorded.map((c) => [c.status, c.signatureValid]),
      [
        [200, true],
        [200, true],
      ],
    );
    // The dark theme passes the same checks (the badges' contrast).
    await page.click("button:text-is('Switch to dark theme')");
    await page.waitForSelector("html[data-theme=dark]");
    await ui.assertClean();
    await page.click("button:text-is('Switch to light theme')");
    await page.waitForSelector("html[data-theme=light]");
    await page.locator("h1").scrollIntoViewIfNeeded();
    await ui.finish("actions");
  });

  it("edits and deletes a target, and refuses a payload that is not a JSON object without firing", async () => {
    const ui = await openUi(emu, { path: "/ui/actions" });
    const { page } = ui;
    await page.click("button[aria-label='Edit demo']");
    const edit = page.locator("form[aria-label='Save target']");
    await edit.getByLabel("Timeout").fill("3s");
    await edit.getByLabel("Mode").selectOption("async");
    await edit.getByRole("button", { name: "Save target" }).click();
    await page.waitForSelector("td:text-is('async (fire and forget)')");
    assert.deepEqual((await targets())[0]!.target, { name: "demo", restWebhook: { url: `${emu.url}/emulator/v1/sink/demo` }, timeout: "3s", isAsync: true });

    const before = (await sinkCalls()).length;
    await page.getByLabel("Payload (event_payload, JSON)").fill("[1, 2]");
    await page.click("button:text-is('Fire event')");
    await page.waitForSelector("#payload-error:text-is('The payload must be a JSON object.')");
    assert.equal((await sinkCalls()).length, before);

    await page.click("button[aria-label='Delete demo']");
    await page.click(".confirm button:text-is('Delete')");
    await page.waitForSelector("text=No targets yet.");
    assert.deepEqual(await targets(), []);
    // The log keeps the calls; their target is gone, so there is no key to check with.
    await page.reload();
    await page.waitForSelector("td .badge:text-is('target deleted')");
    await ui.assertClean();
  });
});

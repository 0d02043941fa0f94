// The Events screen (issue 13, screen 7) in Chromium: a write through the resource API appears live
// in the log; the filters (instance, aggregate type, aggregate id, type) narrow it on the server as
// they are typed (issue 24: no Apply button).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { defaultFixtures } from "../../emulator/src/index.js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { noChromium, openUi } from "../helpers/browser.js";

describe("the events screen", { skip: noChromium }, async () => {
  // A second instance, so that the instance filter has something to leave out.
  const fixtures = defaultFixtures();
  fixtures.instances.push({ name: "Acme", domains: ["acme.localhost"], orgs: [{ name: "Acme" }] });
  const emu = await startTestEmulator({ fixtures });
  const api = control(emu);
  const instances = (await api.as("instances", "/instances")).body.instances;
  const main = instances.find((i) => i.isDefault)!.id;
  const acme = instances.find((i) => i.name === "Acme")!.id;
  const target = async (name: string) => {
    const r = await request(`${emu.url}/resources/v3alpha/targets`, {
      method: "POST",
      token: emu.adminPat,
      json: { name, restWebhook: { url: "http://localhost:9999/h" }, timeout: "5s" },
    });
    assert.equal(r.status, 201, r.text);
    return (r.body as { details: { id: string } }).details.id;
  };
  const rowsText = (page: import("playwright-core").Page) =>
    page.$$eval("section[aria-label='Events, newest first'] tbody tr:not(.spacer)", (rows) => rows.map((r) => r.textContent ?? ""));

  it("shows a resource API write live, and narrows by type, aggregate and instance", async () => {
    const ui = await openUi(emu, { path: "/ui/events" });
    const { page } = ui;
    const filters = page.locator("form[aria-label=Filters]");
    // The screen starts on the selected (default) instance.
    const everything = (await api.as("events", "/events?limit=1000")).body.events.length;
    const total = (await api.as("events", `/events?limit=1000&instanceId=${main}`)).body.events.length;
    await page.waitForSelector(`[data-testid=event-status]:has-text('${total} events')`);

    // A write after the screen opened arrives on the stream, newest first.
    const id = await target("live-target");
    await page.waitForSelector(`[data-testid=event-status]:has-text('${total + 1} events')`);
    const [newest] = await rowsText(page);
    assert.match(newest!, new RegExp(`target ${id}.*target\\.added`));

    // Type filter: only target.added, the history and then live.
    await filters.getByLabel("Event type", { exact: true }).fill("target.added");
    await page.waitForSelector("[data-testid=event-status]:has-text('1 event,')");
    const id2 = await target("second-target");
    await page.waitForSelector("[data-testid=event-status]:has-text('2 events')");
    // A change of another type does not pass the filter.
    const patched = await request(`${emu.url}/resources/v3alpha/targets/${id2}`, { method: "PATCH", token: emu.adminPat, json: { name: "renamed" } });
    assert.equal(patched.status, 200, patched.text);
    await filters.getByLabel("Aggregate id", { exact: true }).fill(id);
    await page.waitForSelector("[data-testid=event-status]:has-text('1 event,')");
    const only = await rowsText(page);
    assert.equal(only.length, 1);
    assert.match(only[0]!, new RegExp(`target ${id}`));

    // Its payload opens as text.
    await page.getByRole("button", { name: `Payload of event` }).first().click();
    await page.waitForSelector("section.card > h2:has-text('Event '):has-text('target.added')");
    assert.match((await page.textContent("figure.json-view"))!, /"name": "live-target"/);

    // The other instance's org.added only; then the aggregate type target in all instances.
    await filters.getByLabel("Aggregate id", { exact: true }).fill("");
    await filters.getByLabel("Event type", { exact: true }).fill("org.added");
    await filters.locator("select").selectOption(acme);
    // The status read "1 event," before this filter too: wait for the new row, then the count.
    await page.waitForSelector("section[aria-label='Events, newest first'] tbody tr:has-text('org.added'):has-text('Acme')");
    await page.waitForSelector("[data-testid=event-status]:has-text('1 event,')");
    const acmeRows = await rowsText(page);
    assert.equal(acmeRows.length, 1);
    assert.match(acmeRows[0]!, /^\d+.*Acme.*org \d+.*org\.added/);
    await filters.getByLabel("Event type", { exact: true }).fill("");
    await filters.getByLabel("Aggregate type", { exact: true }).fill("target");
    await filters.locator("select").selectOption("");
    const targetEvents = (await api.as("events", "/events?aggregateType=target")).body.events.length;
    assert.equal(targetEvents, 3);
    assert.ok(everything > total, "the other instance's events were left out at first");
    await page.waitForSelector("[data-testid=event-status]:has-text('3 events')");
    // The dark theme passes the same checks (contrast of the badges and code).
    await page.click("button:text-is('Switch to dark theme')");
    await page.waitForSelector("html[data-theme=dark]");
    await ui.assertClean();
    await page.click("button:text-is('Switch to light theme')");
    await page.waitForSelector("html[data-theme=light]");
    await ui.finish("events");
  });
});

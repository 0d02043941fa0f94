// Every screen opened on a context with nothing in it (issue 24, item 7): a new instance (its default
// org only, no user, app, project, target or execution) and a new org of the default instance. proto3
// JSON leaves an empty list out of an answer; each screen must show an empty table, not an error, with
// no console error, no failed request and axe clean. A user of the new org opens with empty cards.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { noChromium, openUi } from "../helpers/browser.js";

/** The screens as the navigation names them, with their h1. */
const SCREENS: [nav: string, h1: string][] = [
  ["Overview", "Overview"],
  ["Contexts", "Context hierarchy"],
  ["Users", "Users"],
  ["Tokens", "Tokens"],
  ["OIDC flows", "OIDC flows"],
  ["Actions", "Actions"],
  ["Events", "Events"],
  ["Import / export", "Import / export"],
];

/** Waits until the page has no request in flight (event streams aside) for a moment: every answer is in. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __quietSince?: number; __lastCount?: number };
      const count = performance.getEntriesByType("resource").length;
      const now = performance.now();
      if (w.__lastCount !== count) (w.__lastCount = count), (w.__quietSince = now);
      return now - (w.__quietSince ?? now) > 400;
    },
    undefined,
    { polling: 100 },
  );
}

/** Opens each screen from the navigation and fails on any alert shown (an error banner or a crash). */
async function visitEveryScreen(page: Page, where: string): Promise<void> {
  for (const [nav, h1] of SCREENS) {
    await page.click(`header.top nav a:text-is('${nav}')`);
    await page.waitForSelector(`h1:text-is('${h1}')`);
    await settle(page);
    const alerts = await page.$$eval("[role=alert]", (items) => items.map((i) => i.textContent ?? "").filter((t) => t.trim()));
    assert.deepEqual(alerts, [], `${nav} in ${where}`);
  }
}

describe("every screen on an empty context", { skip: noChromium }, async () => {
  const emu = await startTestEmulator();
  const api = (path: string, json: unknown, host?: string) =>
    request(`${emu.url}/resources/v3alpha${path}`, { method: "POST", token: emu.adminPat, json, headers: host ? { "x-svc-instance-host": host } : {} });
  const made = await api("/instances", { name: "Empty", domains: ["empty.localhost"] });
  assert.equal(made.status, 201);
  const org = await api("/organizations", { name: "Fresh Org" });
  assert.equal(org.status, 201);
  const orgId = (org.body as { details: { id: string } }).details.id;

  it("a new instance: every screen shows its empty state, no error", async () => {
    const ui = await openUi(emu);
    const { page } = ui;
    await page.waitForSelector("h1:text-is('Overview')");
    await page.selectOption("label.instance-picker select", { label: "Empty" });
    await page.waitForSelector(".breadcrumb li:text-is('Instance Empty')");
    await visitEveryScreen(page, "instance Empty");
    // The lists that were missing from the answers are empty tables and pickers.
    await page.click("header.top nav a:text-is('Users')");
    await page.waitForSelector("[aria-live=polite]:text-is('0 of 0')");
    await page.waitForSelector("td.empty:has-text('No users in the instance Empty yet')");
    await page.click("header.top nav a:text-is('OIDC flows')");
    await page.waitForSelector("p:has-text('Empty has no OIDC app')");
    await page.click("header.top nav a:text-is('Actions')");
    await page.waitForSelector("caption:text-is('Targets of Empty') ~ tbody td.empty");
    await settle(page);
    await ui.assertClean();
  });

  it("a new org: every screen shows its empty state, no error; a user of it opens with empty cards", async () => {
    const ui = await openUi(emu);
    const { page } = ui;
    await page.click("header.top nav a:text-is('Contexts')");
    await page.fill("input[type=search]", "Fresh Org");
    await page.click(`[role=treeitem]:has(.tree-name:text-is("Fresh Org"))`);
    await page.waitForSelector(".breadcrumb li:text-is('Org Fresh Org')");
    await visitEveryScreen(page, "org Fresh Org");
    await page.click("header.top nav a:text-is('Users')");
    await page.waitForSelector("td.empty:has-text('No users in the org Fresh Org yet')");
    // A user with nothing: no project, grant, membership or metadata.
    const user = await api(`/users/machine?organization.orgId=${orgId}`, { username: "lonely", name: "Lonely" });
    assert.equal(user.status, 201);
    await page.click("button:text-is('Reload')");
    await page.click("a:has-text('lonely')");
    await page.waitForSelector("section.card > h2:has([data-testid=user-state]):has-text('lonely')");
    await settle(page);
    await page.waitForSelector("td.empty:text-is('No grants.')");
    await page.waitForSelector("td.empty:text-is('No memberships.')");
    const alerts = await page.$$eval("[role=alert]", (items) => items.map((i) => i.textContent ?? "").filter((t) => t.trim()));
    assert.deepEqual(alerts, []);
    await ui.assertClean();
  });
});

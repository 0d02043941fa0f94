// The overview screen (issue 13, screen 1) in Chromium: endpoints with copy buttons, the clock
// (freeze, advance, resume), snapshots (create, restore) and feature flags, all through the control
// API; no console errors or failed requests, axe clean, and its screenshot in docs/screenshots.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { noChromium, openUi } from "../helpers/browser.js";

describe("the overview screen", { skip: noChromium }, async () => {
  const emu = await startTestEmulator();
  const api = control(emu);

  it("shows the endpoints and data dir, and copies them as env vars", async () => {
    const ui = await openUi(emu);
    const { page } = ui;
    await page.waitForSelector('section.card:has(> h2:text-is("Endpoints"))');
    const facts = await page.$$eval(".facts > div", (rows) =>
      rows.map((r) => [r.querySelector("dt")!.textContent, r.querySelector("code")?.textContent ?? r.querySelector("dd")!.textContent]),
    );
    assert.deepEqual(facts, [
      ["Issuer", emu.issuer],
      ["Discovery", `${emu.issuer}/.well-known/openid-configuration`],
      ["REST (v3alpha)", `${emu.url}/resources/v3alpha`],
      ["gRPC", `localhost:${emu.port}`],
      ["Control API", `${emu.url}/emulator/v1`],
      ["Data", "in memory (nothing is written to disk)"],
    ]);
    await ui.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: emu.url });
    await page.click("text=Copy as env vars");
    await page.waitForSelector("text=Copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied.split("\n")[0], `SVC_ISSUER=${emu.issuer}`);
    assert.match(copied, new RegExp(`^SVC_ADMIN_PAT=${emu.adminPat}$`, "m"));
    await ui.assertClean();
  });

  it("freezes, advances and resumes the clock, and saves, restores and lists snapshots", async () => {
    const ui = await openUi(emu);
    const { page } = ui;
    await page.waitForSelector("[data-testid=clock-mode]");
    assert.equal(await page.textContent("[data-testid=clock-mode]"), "real time");
    await page.click("button:text-is('Freeze')");
    await page.waitForSelector("[data-testid=clock-mode]:text-is('frozen')");
    const frozenAt = (await api.as("clock", "/clock")).body;
    assert.equal(frozenAt.frozen, true);
    assert.equal(await page.getAttribute("[data-testid=clock-now]", "datetime"), frozenAt.now);
    await page.fill("input[aria-describedby=advance-help]", "2h");
    await page.click("button:text-is('Advance')");
    const advanced = new Date(Date.parse(frozenAt.now) + 2 * 3600_000).toISOString();
    await page.waitForSelector(`[data-testid=clock-now][datetime="${advanced}"]`);
    assert.equal((await api.as("clock", "/clock")).body.now, advanced);

    await page.fill("input[aria-describedby=snapshot-help]", "before-change");
    await page.click("text=Save snapshot");
    await page.waitForSelector("td:text-is('before-change')");
    const saved = (await api.as("snapshots", "/snapshots")).body;
    assert.deepEqual(
      saved.snapshots.map((s) => s.name),
      ["before-change"],
    );
    // A change after the snapshot (through the API), then restore it from the screen.
    const flagged = await api(`/instances/${(await api.as("instances", "/instances")).body.instances[0]!.id}/features`, {
      method: "PATCH",
      json: { impersonation: true },
    });
    assert.equal(flagged.status, 200);
    await page.click("button[aria-label='Restore before-change']");
    await page.click("fieldset.confirm button:text-is('Restore')");
    await page.waitForSelector("text=Restored snapshot before-change.");
    const instances = (await api.as("instances", "/instances")).body;
    assert.equal(instances.instances[0]!.features.impersonation, false);
    await page.click("button:text-is('Resume')");
    await page.waitForSelector("[data-testid=clock-mode]:text-is('running, shifted')");
    assert.equal((await api.as("clock", "/clock")).body.frozen, false);
    await page.click("button:text-is('Back to real time')");
    await page.waitForSelector("[data-testid=clock-mode]:text-is('real time')");
    await ui.assertClean();
  });

  it("follows changes other clients make: the clock frozen through the API, a snapshot deleted, a reset", async () => {
    await api("/clock/_reset", { method: "POST" });
    const ui = await openUi(emu);
    const { page } = ui;
    await page.waitForSelector("[data-testid=clock-mode]:text-is('real time')");
    await api("/clock/_freeze", { method: "POST", json: { at: "2030-01-02T03:04:05.000Z" } });
    await page.waitForSelector("[data-testid=clock-now][datetime='2030-01-02T03:04:05.000Z']", { timeout: 5000 });
    assert.equal(await page.textContent("[data-testid=clock-mode]"), "frozen");
    await api("/snapshots", { method: "POST", json: { name: "to-delete" } });
    await page.waitForSelector("td:text-is('to-delete')", { timeout: 8000 });
    await page.click("button[aria-label='Delete to-delete']");
    await page.click("fieldset.confirm button:text-is('Delete')");
    await page.waitForSelector("text=Deleted snapshot to-delete.");
    assert.deepEqual(
      (await api.as("snapshots", "/snapshots")).body.snapshots.map((s) => s.name).filter((n) => n === "to-delete"),
      [],
    );
    await page.click("button:text-is('Reset to seed…')");
    await page.click("fieldset.confirm button:text-is('Reset')");
    await page.waitForSelector("text=Reset to the seeded state.");
    await page.waitForSelector("[data-testid=clock-mode]:text-is('real time')", { timeout: 5000 });
    assert.equal((await api.as("clock", "/clock")).body.frozen, false);
    await ui.assertClean();
  });

  it("is reachable by keyboard: skip link, navigation with a visible focus, Alt+1 from any path", async () => {
    const ui = await openUi(emu, { path: "/ui/nowhere" });
    const { page } = ui;
    await page.waitForSelector("h1:text-is('No screen here')");
    // The title is set in an effect, just after the heading renders.
    await page.waitForFunction(() => document.title === "Not found · svc-emulator");
    await page.keyboard.press("Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Skip to content");
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { text: el.textContent, outline: getComputedStyle(el).outlineStyle, keys: el.getAttribute("aria-keyshortcuts") };
    });
    assert.deepEqual(focused, { text: "Overview", outline: "solid", keys: "Alt+1" });
    await page.keyboard.press("Alt+1");
    await page.waitForSelector("h1:text-is('Overview')");
    assert.equal(page.url(), `${emu.url}/ui/`);
    await ui.assertClean();
  });

  it("follows the system theme and switches to dark with the toggle, keeping only that in localStorage", async () => {
    const ui = await openUi(emu);
    const { page } = ui;
    await page.waitForSelector('section.card:has(> h2:text-is("Clock"))');
    assert.equal(await page.getAttribute("html", "data-theme"), "light");
    // Issue 24 (item 9): the button says what it switches to; aria-pressed says whether dark is on.
    assert.equal(await page.getAttribute("button:text-is('Switch to dark theme')", "aria-pressed"), "false");
    await page.click("button:text-is('Switch to dark theme')");
    assert.equal(await page.getAttribute("html", "data-theme"), "dark");
    assert.equal(await page.getAttribute("button:text-is('Switch to light theme')", "aria-pressed"), "true");
    assert.deepEqual(await page.evaluate(() => ({ ...localStorage })), { "svc-emulator.theme": "dark" });
    await page.reload();
    await page.waitForSelector('section.card:has(> h2:text-is("Clock"))');
    assert.equal(await page.getAttribute("html", "data-theme"), "dark");
    await ui.assertClean();
  });

  it("switches a feature flag of the selected instance and takes the screenshot", async () => {
    const ui = await openUi(emu);
    const { page } = ui;
    const box = page.getByLabel("OIDC token exchange");
    const before = await box.isChecked();
    await box.click();
    const flag = async () => (await api.as("instances", "/instances")).body.instances[0]!.features.oidcTokenExchange;
    for (let i = 0; i < 50 && (await flag()) === before; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(await flag(), !before);
    // The switch shows what the API answered once the session is read again.
    await page.locator("label:has-text('OIDC token exchange') input:checked").waitFor({ state: before ? "detached" : "attached" });
    assert.equal(await box.isChecked(), !before);
    await page.keyboard.press("Tab");
    await ui.finish("overview");
  });
});

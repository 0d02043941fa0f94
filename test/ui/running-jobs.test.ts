// The running jobs on the import / export screen (issue 24, item 4) in Chromium: none on a new
// emulator; jobs a script starts through the control API (as the CLI does) appear with their kind,
// instance, state and counters while they run or wait; Cancel stops a waiting one; ended jobs leave.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { noChromium, openUi } from "../helpers/browser.js";

describe("the running jobs on the import / export screen", { skip: noChromium }, async () => {
  const emu = await startTestEmulator();
  const api = control(emu);
  const orgs = Array.from({ length: 1500 }, (_, i) => ({ orgId: String(540000000000000000n + BigInt(i)), org: { name: `Job org ${i}` } }));
  const seeded = await api.as("importDocument", "/orgs/_import", { method: "POST", json: { document: { orgs } } });
  assert.deepEqual(seeded.body.errors, [], seeded.text);
  const cancelAll = async () => {
    const active = (await api.as("jobs", "/jobs?state=queued&state=running")).body;
    for (const j of active.jobs) await api(`/jobs/${j.id}/_cancel`, { method: "POST" });
  };

  it("shows none, then the jobs another client started while they run or wait; Cancel stops a waiting one", async () => {
    const ui = await openUi(emu, { path: "/ui/import-export" });
    const { page } = ui;
    const section = page.locator('section.card:has(> h2:text-is("Running jobs"))');
    await section.locator("td:text-is('No jobs running.')").waitFor();

    // Ten exports one after another (jobs run first in, first out): while the first runs, the others wait.
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await api.as("startJob", "/jobs", { method: "POST", json: { kind: "export" } });
      assert.equal(r.status, 202, r.text);
      ids.push(r.body.id);
    }
    const newest = ids.at(-1)!;
    const row = (id: string) => section.locator("tbody tr", { has: page.locator(`code:text-is('${id}')`) });
    await row(newest).waitFor();
    const cells = async (id: string) => (await row(id).locator("td").allTextContents()).map((t) => t.trim());
    const [job, kind, instance, state] = await cells(newest);
    assert.deepEqual([job, kind, instance, state], [newest, "export", "Svc Emulator", "queued"]);
    // The first row is the newest job (newest first).
    assert.equal(await section.locator("tbody tr").first().locator("code").first().textContent(), newest);

    // Cancel on the screen stops the waiting job at once: it leaves the list, and the API says cancelled.
    await page.getByRole("button", { name: `Cancel job ${newest}` }).click();
    await row(newest).waitFor({ state: "detached" });
    assert.equal((await api.as("job", `/jobs/${newest}`)).body.state, "cancelled");

    // A running export shows its org counter. The exports above may all have ended by now (a fast
    // machine exports 1,501 orgs in a fraction of the screen's 1 s refresh): thirty more, one after
    // another, keep one running for several refreshes.
    for (let i = 0; i < 30; i++) assert.equal((await api("/jobs", { method: "POST", json: { kind: "export" } })).status, 202);
    const running = section.locator("tbody tr", { has: page.locator("td:text-is('running')") });
    await running.locator("td:text-matches('of 1501')").first().waitFor();

    await cancelAll();
    await section.locator("td:text-is('No jobs running.')").waitFor();
    await ui.finish("import-export-jobs");
  });
});

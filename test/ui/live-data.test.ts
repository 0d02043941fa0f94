// Live data without polling (issue 25) in Chromium: a screen left alone sends no request at all, and
// a change another client makes through the control API (the clock, a snapshot, a job, a fault)
// appears on the screen, read once, from the change notices (GET /emulator/v1/changes/stream).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { startTestEmulator } from "../helpers/emulator.js";
import { controlApi } from "../helpers/control-client.js";
import { noChromium, openUi } from "../helpers/browser.js";

/** The requests the page sends from now on (method and path), for counting. */
function recordRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (r) => void sent.push(`${r.method()} ${new URL(r.url()).pathname}`));
  return sent;
}

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Longer than every interval the screens polled at (1 s, 2 s and 5 s). */
const QUIET_MS = 5500;

describe("live data from the change notices", { skip: noChromium }, async () => {
  const emu = await startTestEmulator();
  const api = controlApi(emu);

  it("overview: sends nothing while nothing changes, and shows the clock and a snapshot another client changed", async () => {
    const ui = await openUi(emu);
    const { page } = ui;
    await page.waitForSelector("[data-testid=clock-mode]:text-is('real time')");
    await page.waitForSelector("td:text-is('No snapshots yet.')");
    const sent = recordRequests(page);
    await idle(QUIET_MS);
    assert.deepEqual([...sent], [], "no request repeats on a timer");

    assert.equal((await api.freezeClock({ body: { at: "2031-05-06T07:08:09.000Z" } })).status, 200);
    await page.waitForSelector("[data-testid=clock-now][datetime='2031-05-06T07:08:09.000Z']", { timeout: 3000 });
    assert.equal((await api.advanceClock({ body: { by: "1h" } })).status, 200);
    await page.waitForSelector("[data-testid=clock-now][datetime='2031-05-06T08:08:09.000Z']", { timeout: 3000 });
    assert.equal(await page.textContent("[data-testid=clock-mode]"), "frozen");
    assert.equal((await api.saveSnapshot({ body: { name: "from-a-script" } })).status, 201);
    await page.waitForSelector("td:text-is('from-a-script')", { timeout: 3000 });
    // One read per change: the clock twice (it moved twice), the snapshots once.
    assert.deepEqual(sent.sort(), ["GET /emulator/v1/clock", "GET /emulator/v1/clock", "GET /emulator/v1/snapshots"]);
    await api.realClock();
    await ui.assertClean();
  });

  it("import / export: jobs another client starts show in Running jobs, and nothing is read while none runs", async () => {
    // Exports of 1,500 orgs run one after another, yielding between orgs: the later ones wait a while.
    const orgs = Array.from({ length: 1500 }, (_, i) => ({ orgId: String(560000000000000000n + BigInt(i)), org: { name: `Live org ${i}` } }));
    const seeded = await api.importDocument({ body: { document: { orgs } } });
    assert.deepEqual(seeded.body.errors, [], seeded.text);
    const ui = await openUi(emu, { path: "/ui/import-export" });
    const { page } = ui;
    const jobs = page.locator('section.card:has(> h2:text-is("Running jobs"))');
    await jobs.locator("td:text-is('No jobs running.')").waitFor();
    const sent = recordRequests(page);
    await idle(QUIET_MS);
    assert.deepEqual([...sent], [], "no request repeats on a timer");

    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await api.startJob({ body: { kind: "export" } });
      assert.equal(r.status, 202, r.text);
      ids.push(r.body.id);
    }
    await jobs.locator(`code:text-is('${ids.at(-1)}')`).waitFor({ timeout: 5000 });
    for (const id of ids) await api.cancelJob({ params: { id } });
    await jobs.locator("td:text-is('No jobs running.')").waitFor({ timeout: 5000 });
    assert.ok(
      sent.every((s) => s === "GET /emulator/v1/jobs"),
      sent.join("\n"),
    );
    await ui.assertClean();
  });

  it("faults: a fault another client defines shows with its hits, and nothing is read between changes", async () => {
    const ui = await openUi(emu, { path: "/ui/faults" });
    const { page } = ui;
    const list = page.locator('section.card:has(> h2:text-is("Faults"))');
    await list.locator("td:text-is('No fault: every request is answered normally.')").waitFor();
    const sent = recordRequests(page);
    await idle(QUIET_MS);
    assert.deepEqual([...sent], [], "no request repeats on a timer");

    const added = await api.addFault({ body: { where: { endpoint: "jwks" }, what: { kind: "http", status: 503 }, times: 2 } });
    assert.equal(added.status, 201, added.text);
    const id = added.body.fault.id;
    const row = list.locator("tbody tr", { has: page.locator(`code:text-is('${id}')`) });
    await row.waitFor({ timeout: 3000 });
    assert.equal((await fetch(`${emu.url}/oauth/v2/keys`)).status, 503);
    // Hits 1, left 1.
    await row.locator("td.num:text-is('1') + td.num:text-is('1')").waitFor({ timeout: 3000 });
    assert.equal((await api.removeFault({ params: { id } })).status, 200);
    await row.waitFor({ state: "detached", timeout: 3000 });
    assert.ok(
      sent.every((s) => s.startsWith("GET /emulator/v1/faults")),
      sent.join("\n"),
    );
    await ui.assertClean();
  });
});

// The renderer's data layer (issue 25, step 3) in Chromium: a screen that leaves aborts the loads it
// still waits for (the users list, held back by a fault's delay, fails with ERR_ABORTED in the browser
// instead of finishing later), and one list two cards of a screen show is asked for once (the
// grants card and the memberships card of a user share the instance's projects), and an org opened in the
// tree keeps its projects through a change (reloaded, not dropped).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Page, Request } from "playwright-core";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { faultControl } from "../helpers/faults.js";
import { controlApi } from "../helpers/control-client.js";
import { noChromium, openUi } from "../helpers/browser.js";

/** How a request the page sent ended: "failed <error>" or "finished"; "pending" after `ms`. */
function outcome(page: Page, req: Request, ms: number): Promise<string> {
  const settled = (p: Promise<string>) => p.catch(() => "pending");
  return Promise.race([
    settled(page.waitForEvent("requestfailed", { predicate: (r) => r === req, timeout: ms }).then((r) => `failed ${r.failure()?.errorText}`)),
    settled(page.waitForEvent("requestfinished", { predicate: (r) => r === req, timeout: ms }).then(() => "finished")),
  ]);
}

describe("the renderer's data layer", { skip: noChromium }, async () => {
  const emu = await startTestEmulator();
  const faults = faultControl(controlApi(emu));

  it("aborts the users list still loading when the screen is left", async () => {
    // The users search waits 8 s before its answer: long enough to leave the screen before it comes.
    const fault = await faults.add({ where: { method: "svc.resources.user.v3alpha.SvcUsers/SearchUsers" }, what: { kind: "delay", ms: 8000 }, times: 1 });
    const ui = await openUi(emu);
    const { page } = ui;
    await page.waitForSelector("h1:text-is('Overview')");
    const sent = page.waitForRequest((r) => r.url().includes("/resources/v3alpha/users/_search"), { timeout: 10_000 });
    await page.click("header.top nav a:text-is('Users')");
    const search = await sent;
    await page.waitForSelector("h1:text-is('Users')");
    const ended = outcome(page, search, 12_000);
    await page.click("header.top nav a:text-is('Tokens')");
    await page.waitForSelector("h1:text-is('Tokens')");
    assert.equal(await ended, "failed net::ERR_ABORTED");
    // The fault held the one search the screen sent (the emulator still answers it, to nobody).
    assert.equal(await faults.hits(fault.id), 1);
    await ui.assertClean();
  });

  it("asks once for the projects the grants card and the memberships card of a user both show", async () => {
    const found = await request(`${emu.url}/resources/v3alpha/users/_search`, {
      method: "POST",
      token: emu.adminPat,
      json: [{ username: { username: "bob" } }],
    });
    const bob = (found.body as { result: { details: { id: string } }[] }).result[0]!.details.id;
    const ui = await openUi(emu);
    const { page } = ui;
    const searches: string[] = [];
    page.on("request", (r) => void (r.url().includes("/resources/v3alpha/projects/_search") && searches.push(r.url())));
    await page.waitForSelector("h1:text-is('Overview')");
    await page.click("header.top nav a:text-is('Users')");
    await page.click("a:text-is('bob@emulator-org.localhost')");
    await page.waitForURL(`${emu.url}/ui/users/${bob}`);
    // Both cards show what the projects list gave them: a project's name in each.
    await page.waitForSelector("table:has(caption:text-is('Project roles of the user')) td:text-is('Demo')");
    await page.waitForSelector("section.card:has(> h2:text-is('Memberships')) select option:text-is('Project Demo')", { state: "attached" });
    assert.equal(searches.length, 1, searches.join("\n"));
    await ui.assertClean();
  });

  it("keeps an opened org's projects in the tree through a change, reloaded", async () => {
    const ui = await openUi(emu);
    const { page } = ui;
    await page.click("header.top nav a:text-is('Contexts')");
    const org = "[role=treeitem]:has(.tree-name:text-is('Emulator Org'))";
    const demo = "[role=treeitem][aria-level='4']:has(.tree-name:text-is('Demo'))";
    await page.click(`${org} .tree-twisty`);
    await page.waitForSelector(demo);
    await page.click(org);
    await page.fill("label:has-text('Org name') input", "Emulator Org 2");
    await page.click("button:text-is('Rename')");
    await page.waitForSelector("[role=treeitem]:has(.tree-name:text-is('Emulator Org 2'))[aria-expanded=true]");
    // The opened org still shows its project, loaded again with the tree.
    await page.waitForSelector(demo, { timeout: 5000 });
    const renamed = await request(`${emu.url}/resources/v3alpha/organizations/_search`, { method: "POST", token: emu.adminPat, json: [] });
    assert.deepEqual(
      (renamed.body as { result: { organization: { name: string } }[] }).result.map((o) => o.organization.name),
      ["Emulator Org 2"],
    );
    await ui.assertClean();
  });
});

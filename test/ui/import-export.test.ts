// The import / export screen (issue 13, screen 8) in Chromium: export an org as a job and download
// the file; open a file whose org exists, see the conflict side by side and import nothing; import a
// clean file (dropped on the zone) with progress to the report and find the org; an invalid file shows
// its errors with their paths and the part of the file they point at; hostile text stays text.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { databaseDump } from "../helpers/dump.js";
import { noChromium, openUi } from "../helpers/browser.js";
import type { Page } from "playwright-core";

const ORG = "520000000000000001";
const HOSTILE = `<img src=x onerror="window.__pwned=1">"</script><script>window.__pwned=2</script>`;
const user = (id: string, userName: string) => ({
  userId: id,
  user: {
    userName,
    profile: { firstName: "Ex", lastName: "Port" },
    email: { email: `${userName}@export.example`, isEmailVerified: true },
    hashedPassword: { value: "$2a$04$abcdefghijklmnopqrstuu5J8QEnD4b/5Ps1zC7tH1x3G8WQ1O7Hy" },
  },
});
const seeded = {
  orgs: [
    {
      orgId: ORG,
      org: { name: "Export Org" },
      humanUsers: [user("520000000000000010", "erin")],
      projects: [{ projectId: "520000000000000020", project: { name: "Shop" } }],
    },
  ],
};

describe("the import / export screen", { skip: noChromium }, async () => {
  const emu = await startTestEmulator();
  const api = control(emu);
  const dump = databaseDump(emu);
  const imported = await api.as("importDocument", "/orgs/_import", { method: "POST", json: { document: seeded } });
  assert.deepEqual(imported.body.errors, [], imported.text);
  const orgName = async (id: string) => {
    const r = await request(`${emu.url}/resources/v3alpha/organizations/${id}`, { token: emu.adminPat });
    return r.status === 200 ? (r.body as { organization: { organization: { name: string } } }).organization.organization.name : r.status;
  };
  const openFile = (page: Page, name: string, document: unknown) =>
    page.setInputFiles("input[type=file]", {
      name,
      mimeType: "application/json",
      buffer: Buffer.from(typeof document === "string" ? document : JSON.stringify(document)),
    });

  it("exports the chosen org with passwords as a job and downloads the file", async () => {
    const ui = await openUi(emu, { path: "/ui/import-export" });
    const { page } = ui;
    await page.getByLabel("Export Export Org").selectOption("include");
    await page.getByLabel("With password hashes").check();
    await page.click("button:text-is('Export')");
    const link = page.locator("[data-testid=export-ready] a");
    await link.waitFor();
    assert.equal(await page.textContent("[data-testid=job-state]"), "done · 1 of 1");
    assert.equal(await page.getAttribute("progress", "value"), "1");
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    assert.match(download.suggestedFilename(), /^svc-export-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json$/);
    const file = JSON.parse(readFileSync((await download.path())!, "utf8")) as {
      orgs: { orgId: string; humanUsers: { user: { hashedPassword?: { value: string } } }[] }[];
    };
    assert.deepEqual(
      file.orgs.map((o) => o.orgId),
      [ORG],
    );
    assert.equal(file.orgs[0]!.humanUsers[0]!.user.hashedPassword?.value, seeded.orgs[0]!.humanUsers[0]!.user.hashedPassword.value);
    // The file is the admin export's answer for the same options.
    const admin = await request(`${emu.url}/admin/v1/export`, {
      method: "POST",
      token: emu.adminPat,
      json: { orgIds: [ORG], withPasswords: true, responseOutput: true },
    });
    assert.equal(admin.status, 200, admin.text);
    assert.deepEqual(file, admin.body);
    await ui.assertClean();
  });

  it("saves the export through the desktop app's bridge when there is one", async () => {
    const ui = await openUi(emu, { path: "/ui/import-export" });
    const { page } = ui;
    // What the desktop app's preload provides; the bridge records what it was given.
    // (A string: tsx's compiled functions call a helper the page does not have.)
    await page.addInitScript(
      "window.saved = []; window.svcDesktop = { saveExport: async (name, bytes) => " +
        "void window.saved.push({ name, bytes: bytes instanceof Uint8Array, text: new TextDecoder().decode(bytes) }) };",
    );
    await page.waitForLoadState("networkidle"); // a reload would abort what the page still loads
    await page.reload();
    await page.getByLabel("Export Export Org").selectOption("include");
    await page.click("button:text-is('Export')");
    await page.click("[data-testid=export-ready] button");
    await page.waitForSelector("[data-testid=export-ready] :text-matches('^Saved svc-export-')");
    const saved = (await page.evaluate(() => (window as unknown as { saved: { name: string; bytes: boolean; text: string }[] }).saved)) as {
      name: string;
      bytes: boolean;
      text: string;
    }[];
    assert.equal(saved.length, 1);
    assert.equal(saved[0]!.bytes, true, "the bridge is given the file's bytes");
    assert.match(saved[0]!.name, /^svc-export-.*\.json$/);
    assert.deepEqual(
      (JSON.parse(saved[0]!.text) as { orgs: { orgId: string }[] }).orgs.map((o) => o.orgId),
      [ORG],
    );
    assert.equal(await page.locator("[data-testid=export-ready] a").count(), 0, "no browser download beside the native one");
    await ui.assertClean();
  });

  it("shows a file whose org exists as a conflict side by side, and its import writes nothing", async () => {
    const ui = await openUi(emu, { path: "/ui/import-export" });
    const { page } = ui;
    const before = dump();
    const conflicting = {
      orgs: [{ ...seeded.orgs[0], org: { name: "Renamed Org" }, humanUsers: [...seeded.orgs[0]!.humanUsers, user("520000000000000011", "new-one")] }],
    };
    await openFile(page, "conflict.json", conflicting);
    await page.waitForSelector("[data-testid=diff-summary]");
    assert.equal(await page.textContent("[data-testid=diff-summary]"), "0 org(s) to create, 1 in conflict, 0 unchanged.");
    const conflict = page.locator("[data-testid=conflict]").first();
    assert.equal(await conflict.locator("h4").textContent(), `Conflict: org ${ORG}`);
    assert.match((await conflict.locator("figure:has-text('In the file') pre").textContent())!, /"name": "Renamed Org"/);
    assert.match((await conflict.locator("figure:has-text('In the instance') pre").textContent())!, /"name": "Export Org"/);
    const users = page.locator(`article[data-org="${ORG}"] tr:has(td code:text-is('humanUsers')) td`);
    assert.deepEqual(await users.allTextContents(), ["humanUsers", "1", "1", "0", "0", "0"]);
    // The screenshot shows the diff with the conflict side by side.
    await page.locator("#diff-title").evaluate((h) => h.scrollIntoView({ block: "start" }));
    await ui.finish("import-export");

    await page.click("button:text-is('Import')");
    await page.waitForSelector("[data-testid=import-report]");
    assert.match((await page.textContent("[data-testid=import-outcome]"))!, /^Nothing imported: \d+ error\(s\) \(atomic/);
    assert.match((await page.textContent("[data-testid=import-report] .validation"))!, /ORG-exists|already exists/i);
    assert.equal(dump(), before, "nothing was written");
    assert.equal(await orgName(ORG), "Export Org");
    const users2 = await request(`${emu.url}/resources/v3alpha/users/520000000000000011`, { token: emu.adminPat });
    assert.equal(users2.status, 404);
    await ui.assertClean();
  });

  it("imports a dropped clean file with progress to the report, and the org is there", async () => {
    const ui = await openUi(emu, { path: "/ui/import-export" });
    const { page } = ui;
    const fresh = { orgs: [{ orgId: "520000000000000002", org: { name: "Fresh Org" }, humanUsers: [user("520000000000000012", "fresh")] }] };
    const text = JSON.stringify(fresh);
    const transfer = await page.evaluateHandle((t) => {
      const dt = new DataTransfer();
      dt.items.add(new File([t], "fresh.json", { type: "application/json" }));
      return dt;
    }, text);
    await page.dispatchEvent("[data-testid=drop-zone]", "drop", { dataTransfer: transfer });
    await page.waitForSelector("[data-testid=diff-summary]:text-is('1 org(s) to create, 0 in conflict, 0 unchanged.')");
    assert.equal(await page.textContent("[data-testid=file-name]"), "fresh.json");
    await page.click("button:text-is('Dry run')");
    await page.waitForSelector("[data-testid=import-outcome]:text-is('1 org(s) would import.')");
    assert.equal(await orgName("520000000000000002"), 404, "a dry run writes nothing");
    await page.click("button:text-is('Import')");
    await page.waitForSelector("[data-testid=import-outcome]:text-is('1 org(s) imported.')");
    assert.match((await page.textContent("[data-testid=job-state]"))!, /^done · (\d+) of \1$/);
    assert.equal(await page.textContent("[data-testid=import-report] td:nth-child(2)"), "humanUsers 1");
    assert.equal(await orgName("520000000000000002"), "Fresh Org");
    await ui.assertClean();
  });

  it("lists an invalid file's errors with their paths and the part of the file, and a file that is not JSON by line", async () => {
    const ui = await openUi(emu, { path: "/ui/import-export" });
    const { page } = ui;
    const before = dump();
    const bad = {
      orgs: [{ orgId: "520000000000000003", org: { name: "Bad" }, humanUsers: [{ userId: "520000000000000013", user: { userName: "b", emial: "typo" } }] }],
    };
    await openFile(page, "bad.json", bad);
    await page.waitForSelector(".validation-errors");
    const items = page.locator(".validation-errors li");
    const first = await items.filter({ hasText: "emial" }).first();
    assert.equal(await first.locator(".error-path").textContent(), "orgs[0].humanUsers[0].user.emial");
    assert.equal(await first.locator(".error-reason").textContent(), "unknown field");
    assert.equal(await first.locator(".snippet").textContent(), 'orgs[0].humanUsers[0].user.emial: "typo"');
    // A missing required field points at the object that lacks it.
    const missing = items.filter({ hasText: "user.profile" }).first();
    assert.match((await missing.locator(".snippet").textContent())!, /^orgs\[0\]\.humanUsers\[0\]\.user: \{ "userName": "b", "emial": "typo" \}$/);
    assert.equal(await page.locator("button:text-is('Import')").count(), 0, "an invalid file cannot be imported");

    await openFile(page, "broken.json", '{\n  "orgs": [\n    {"orgId": "1",}\n  ]\n}');
    await page.waitForSelector("h3:text-is('The file is not JSON')");
    assert.match((await page.textContent(".validation .snippet"))!, /^line 3, column \d+: /);
    assert.equal(dump(), before);
    await ui.assertClean();
  });

  it("renders hostile text from a file as text", async () => {
    const ui = await openUi(emu, { path: "/ui/import-export" });
    const { page } = ui;
    await openFile(page, "hostile.json", { orgs: [{ orgId: ORG, org: { name: HOSTILE } }] });
    await page.waitForSelector("[data-testid=conflict]");
    assert.equal(await page.textContent(".org-name"), HOSTILE);
    assert.match((await page.textContent("[data-testid=conflict] figure:has-text('In the file') pre"))!, /onerror/);
    assert.equal(await page.locator("main img, main script").count(), 0);
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
    await ui.assertClean();
  });
});

describe("the import / export screen with 1,500 orgs", { skip: noChromium }, async () => {
  const emu = await startTestEmulator();
  const api = control(emu);
  const orgs = Array.from({ length: 1500 }, (_, i) => ({ orgId: String(530000000000000000n + BigInt(i)), org: { name: `Many ${i}` } }));
  const seeded = await api.as("importDocument", "/orgs/_import", { method: "POST", json: { document: { orgs } } });
  assert.deepEqual(seeded.body.errors, [], seeded.text);

  it("filters the org list and cancels a running export, which ends without a file", async () => {
    const ui = await openUi(emu, { path: "/ui/import-export" });
    const { page } = ui;
    await page.getByLabel("Filter orgs").fill("Many 1499");
    await page.waitForSelector("td:text-is('Many 1499')");
    assert.equal(await page.locator('section.card:has(> h2:text-is("Export")) tbody tr').count(), 1);
    await page.getByLabel("Filter orgs").fill("");
    // The export reads org by org; Cancel stops it before its next org. A click through Playwright's
    // actionability checks (scroll, two stable frames) can come after the 1,500 orgs are read on a busy
    // machine, so the page itself clicks Cancel the moment it is shown (a real click on the real button:
    // React's handler sends the cancel), and records that it was visible then.
    await page.evaluate(() => {
      const w = window as unknown as { __cancelShown?: boolean };
      new MutationObserver((_, observer) => {
        const cancel = [...document.querySelectorAll<HTMLButtonElement>(".job button")].find((b) => b.textContent === "Cancel");
        if (!cancel) return;
        observer.disconnect();
        w.__cancelShown = cancel.checkVisibility();
        cancel.click();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.click("button:text-is('Export')");
    await page.waitForSelector("[data-testid=job-state]:text-matches('^cancelled')");
    assert.equal(await page.evaluate(() => (window as unknown as { __cancelShown?: boolean }).__cancelShown), true);
    const id = (await page.textContent("[data-testid=job-id]"))!.replace("job ", "");
    const job = (await api.as("job", `/jobs/${id}`)).body;
    assert.equal(job.state, "cancelled");
    assert.equal(job.report, undefined);
    assert.ok(job.counters.org!.done < job.counters.org!.total, JSON.stringify(job.counters));
    assert.equal(await page.locator("[data-testid=export-ready]").count(), 0);
    await ui.assertClean();
  });
});

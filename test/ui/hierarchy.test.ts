// The context hierarchy screen (issue 13, screen 2) in Chromium against an emulator seeded with
// 1,000 extra orgs: create an org in place, create an instance with an org and delete it after a
// confirmation naming its full path, filter the tree, deactivate and reactivate an org, domains,
// language settings with provenance (override, reset), an IDP's state policy in an org; each change
// checked on the resource API too. No console errors or failed requests, axe clean, and the
// screenshot docs/screenshots/hierarchy.png.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { startTestEmulator } from "../helpers/emulator.js";
import { defaultFixtures } from "../helpers/fixtures.js";
import { noChromium, openUi } from "../helpers/browser.js";

const pad = (n: number) => String(n).padStart(4, "0");

describe("the context hierarchy screen", { skip: noChromium }, async () => {
  const fixtures = defaultFixtures();
  for (let n = 1; n <= 1000; n++) fixtures.instances[0]!.orgs.push({ name: `Org ${pad(n)}` } as never);
  const emu = await startTestEmulator({ fixtures });
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${emu.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${emu.adminPat}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const orgByName = async (name: string) => {
    const r = await api("POST", "/resources/v3alpha/organizations/_search", [{ name: { name, method: "TEXT_FILTER_METHOD_EQUALS" } }]);
    return (r.body.result as { details: { id: string }; state: string; organization: { name: string } }[] | undefined)?.[0];
  };
  const orgTotal = async () => Number((await api("POST", "/resources/v3alpha/organizations/_search?query.limit=1", [])).body.details!["totalResult" as never]);
  const instanceName = ((await api("POST", "/resources/v3alpha/instances/_search", [])).body.result as { instance: { name: string } }[])[0]!.instance.name;

  /** Signs in on the overview and opens the screen from the navigation, as a user does. */
  const openContexts = async () => {
    const ui = await openUi(emu);
    await ui.page.waitForSelector("h1:text-is('Overview')");
    await ui.page.click("header.top nav a:text-is('Contexts')");
    await ui.page.waitForSelector("h1:text-is('Context hierarchy')");
    return ui;
  };

  /** Opens the screen and selects the org named `name` through the filter. */
  const openOrg = async (name: string) => {
    const ui = await openContexts();
    await ui.page.waitForSelector("[role=tree] [role=treeitem]");
    await ui.page.fill("input[type=search]", name);
    await ui.page.click(`[role=treeitem]:has(.tree-name:text-is("${name}"))`);
    await ui.page.waitForSelector(`section.card > h2:text-is("System / ${instanceName} / ${name}")`);
    return ui;
  };

  it("creates an org in place, shows it selected in the tree and the breadcrumb", async () => {
    const ui = await openContexts();
    const { page } = ui;
    await page.waitForSelector("[data-testid=tree-count]:text-is('1001 orgs')");
    await page.fill("label:has-text('New org name') input", "Zeta Labs");
    await page.click("button:text-is('Create org')");
    await page.waitForSelector("[role=treeitem][aria-selected=true]:has(.tree-name:text-is('Zeta Labs'))");
    await page.waitForSelector(".breadcrumb li[aria-current]:text-is('Org Zeta Labs')");
    assert.equal((await orgByName("Zeta Labs"))?.state, "ORGANIZATION_STATE_ACTIVE");
    // The keyboard reaches the tree: Home goes to System, Enter selects it, and the org leaves the breadcrumb.
    await page.focus('[role=treeitem][tabindex="0"]');
    await page.keyboard.press("Home");
    await page.waitForFunction(() => document.activeElement?.getAttribute("aria-level") === "1");
    await page.keyboard.press("Enter");
    await page.waitForSelector("[role=treeitem][aria-selected=true][aria-level='1']");
    assert.equal(await page.$(".breadcrumb li:text-is('Org Zeta Labs')"), null);
    await ui.assertClean();
  });

  it("creates an instance in place, an org in it (both seen through x-svc-instance-host), and deletes the instance", async () => {
    const ui = await openContexts();
    const { page } = ui;
    const inAcme = async (path: string) => {
      const res = await fetch(`${emu.url}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${emu.adminPat}`, "content-type": "application/json", "x-svc-instance-host": "acme.localhost" },
        body: "[]",
      });
      return { status: res.status, body: (await res.json()) as { result?: { organization: { name: string } }[]; message?: string } };
    };
    // The default instance offers no delete.
    assert.equal(await page.isDisabled("button:text-is('Delete instance…')"), true);
    await page.click("[role=treeitem][aria-level='1']");
    await page.fill("label:has-text('New instance name') input", "Acme");
    await page.fill("label:has-text('Domain') input", "acme.localhost");
    await page.click("button:text-is('Create instance')");
    await page.waitForSelector('section.card > h2:text-is("System / Acme")');
    await page.waitForSelector(".breadcrumb li[aria-current]:text-is('Instance Acme')");
    await page.waitForSelector("[role=treeitem]:has(.tree-name:text-is('Default Org'))");
    await page.fill("label:has-text('New org name') input", "Acme Dev");
    await page.click("button:text-is('Create org')");
    await page.waitForSelector('section.card > h2:text-is("System / Acme / Acme Dev")');
    await page.waitForSelector("[role=treeitem][aria-selected=true]:has(.tree-name:text-is('Acme Dev'))");
    const orgs = await inAcme("/resources/v3alpha/organizations/_search");
    assert.equal(orgs.status, 200);
    assert.deepEqual(orgs.body.result?.map((o) => o.organization.name).sort(), ["Acme Dev", "Default Org"]);
    const instances = (await api("POST", "/resources/v3alpha/instances/_search", [])).body.result as { instance: { name: string; domains: string[] } }[];
    assert.deepEqual(instances.find((i) => i.instance.name === "Acme")?.instance.domains, ["acme.localhost"]);
    // The org of the default instance is not listed there.
    assert.equal(await orgByName("Acme Dev"), undefined);

    await page.click("[role=treeitem]:has(.tree-name:text-is('Acme'))");
    await page.click("button:text-is('Delete instance…')");
    await page.waitForSelector('.confirm span:text-is("Delete System / Acme with all its orgs, users, projects, apps and settings?")');
    await page.click(".confirm button:text-is('Delete')");
    await page.waitForSelector("section.card > h2:text-is('System')");
    await page.waitForSelector("[role=treeitem]:has(.tree-name:text-is('Acme'))", { state: "detached" });
    const after = (await api("POST", "/resources/v3alpha/instances/_search", [])).body.result as { instance: { name: string } }[];
    assert.deepEqual(
      after.map((i) => i.instance.name),
      [instanceName],
    );
    const gone = await inAcme("/resources/v3alpha/organizations/_search");
    assert.deepEqual([gone.status, gone.body.message], [404, 'Instance not found for host "acme.localhost" (INSTANCE-not-found)']);
    await ui.assertClean();
  });

  it("filters 1,000 orgs down to the one asked for", async () => {
    const ui = await openContexts();
    const { page } = ui;
    await page.waitForSelector(`[data-testid=tree-count]:text-is('${await orgTotal()} orgs')`);
    // Virtualised: far fewer rows in the DOM than orgs.
    assert.ok((await page.$$("[role=treeitem]")).length < 100);
    await page.fill("input[type=search]", "org 0777");
    await page.waitForSelector("[data-testid=tree-count]:text-is('1 orgs match')");
    const labels = await page.$$eval("[role=treeitem]", (items) => items.map((i) => i.textContent));
    assert.deepEqual(labels, ["▾SystemSystem1", `▾Instance${instanceName}default${await orgTotal()}`, "▸OrgOrg 0777"]);
    await ui.assertClean();
  });

  // Issue 24 (item 9): deactivating asks no more, as Reactivate undoes it in one click (the UI asks before what one click cannot undo).
  it("deactivates an org at once, and reactivates it", async () => {
    const ui = await openOrg("Org 0007");
    const { page } = ui;
    await page.click("button:text-is('Deactivate')");
    await page.waitForSelector("[data-testid=org-state]:text-is('inactive')");
    await page.waitForSelector("[role=treeitem]:has(.tree-name:text-is('Org 0007')) .badge:text-is('inactive')");
    assert.equal((await orgByName("Org 0007"))?.state, "ORGANIZATION_STATE_INACTIVE");
    await page.click("button:text-is('Reactivate')");
    await page.waitForSelector("[data-testid=org-state]:text-is('active')");
    assert.equal((await orgByName("Org 0007"))?.state, "ORGANIZATION_STATE_ACTIVE");
    await ui.assertClean();
  });

  it("adds a domain, validates it and makes it primary", async () => {
    const ui = await openOrg("Org 0042");
    const { page } = ui;
    await page.fill("label:has-text('New domain') input", "login.org42.example");
    await page.click("button:text-is('Add domain')");
    await page.click("button[aria-label='Validate login.org42.example']");
    await page.click("button[aria-label='Set primary login.org42.example']");
    await page.waitForSelector("tr:has(td:text-is('login.org42.example')) td:text-is('primary')");
    const org = await orgByName("Org 0042");
    const d = await api("GET", "/resources/v3alpha/domains/login.org42.example");
    assert.deepEqual(d.body.domain, {
      details: (d.body.domain as { details: unknown }).details,
      domain: "login.org42.example",
      orgId: org!.details.id,
      isVerified: true,
      isPrimary: true,
      validationType: "VALIDATION_TYPE_DNS",
    });
    await ui.assertClean();
  });

  it("overrides a language in an org (inherited → set here) and resets it; edits an IDP's state policy there", async () => {
    const idp = await api("POST", "/resources/v3alpha/idps/gitlab", {
      idp: { name: "GitLab", statePolicy: "STATE_POLICY_ACTIVATE", options: {} },
      config: { clientId: "gl", scopes: ["openid"] },
    });
    assert.equal(idp.status, 201);
    const ui = await openOrg("Org 0100");
    const { page } = ui;
    const org = (await orgByName("Org 0100"))!.details.id;
    const setting = "[data-testid=setting-defaultLanguage]";
    await page.waitForSelector(`${setting} .provenance:text-is('inherited from system default')`);
    await page.selectOption(`${setting} select`, "fr");
    await page.click(`${setting} button:text-is('Override')`);
    await page.waitForSelector(`${setting} .provenance:text-is('set here')`);
    assert.equal(await page.textContent(`${setting} code`), "fr");
    const resolved = async () =>
      ((await api("GET", `/settings/v3alpha/languages?ctx.orgId=${org}`)).body.settings as { defaultLanguage: unknown }).defaultLanguage;
    assert.deepEqual(await resolved(), { value: "fr" });
    await page.click(`${setting} button:text-is('Reset default language to inherited')`);
    await page.waitForSelector(`${setting} .provenance:text-is('inherited from system default')`);
    assert.deepEqual(await resolved(), { value: "en", owner: { type: "OWNER_TYPE_SYSTEM", id: "SYSTEM" } });

    const row = "tr:has(td:text-is('GitLab'))";
    assert.equal(await page.inputValue(`${row} select`), "STATE_POLICY_INHERIT");
    await page.waitForSelector(`${row} td:last-child:text-is('active')`);
    await page.selectOption(`${row} select`, "STATE_POLICY_DEACTIVATE");
    await page.waitForSelector(`${row} td:last-child:text-is('inactive')`);
    const id = (idp.body.details as { id: string }).id;
    const seen = (await api("GET", `/resources/v3alpha/idps/gitlab/${id}?ctx.orgId=${org}`)).body.idp as {
      state: string;
      idp: { idp: { statePolicy: string } };
    };
    assert.equal(seen.state, "EFFECTIVE_STATE_INACTIVE");
    assert.equal(seen.idp.idp.statePolicy, "STATE_POLICY_DEACTIVATE");
    await ui.finish("hierarchy");
  });
});

// What a new user hits first (issue 24, items 8 and 9) in Chromium: the inspector forgets a previous
// token; OIDC flows opens on a public app and runs "Exchange this access token" itself; pickers show
// the current state (the fired event's execution, a reset language); feature flags move at once and
// move back when refused; every action one click cannot undo asks first; the instance-wide users
// table names each user's org.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { noChromium, openUi } from "../helpers/browser.js";
import { internals } from "../../emulator/src/internal.js";
import { getUserByUsername } from "../../emulator/src/domain/user/queries.js";
import { defaultInstance } from "../../emulator/src/domain/instance/queries.js";

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");

describe("the papercuts of a new user", { skip: noChromium }, async () => {
  const emu = await startTestEmulator();
  const api = control(emu);
  const resource = (method: string, path: string, json?: unknown) => request(`${emu.url}/resources/v3alpha${path}`, { method, token: emu.adminPat, json });
  const core = internals(emu).core;
  const userId = (name: string) => getUserByUsername(core.db, defaultInstance(core.db)!.id, name)!.id;

  it("the inspector keeps nothing of a previous token: a malformed one after a valid JWT has no checklist", async () => {
    const r = (await api.as("runFlow", "/flows", { method: "POST", json: { flow: "authorization_code", clientId: "demo-browser", userId: userId("alice") } }))
      .body;
    const id = r.tokens.find((t) => t.kind === "id_token")!.value;
    const ui = await openUi(emu, { path: `/ui/tokens/inspect#token=${id}` });
    const { page } = ui;
    await page.waitForSelector("[data-check=iss][data-state=ok]");
    await page.waitForSelector("[data-check=exp][data-state=ok]");
    await page.fill("textarea", `${b64({ alg: "RS256", kid: "k1" })}.eyJub3QganNvbg.c2ln`);
    await page.click("button:text-is('Inspect')");
    await page.waitForSelector("[data-testid=malformed]");
    await page.waitForSelector("[data-testid=no-checks]");
    assert.equal(await page.locator("[data-check]").count(), 0);
    // No claim of the ID token either, and its live state is gone.
    assert.equal(await page.locator("code:text-is('azp')").count(), 0);
    assert.equal(await page.locator("[data-testid=live-state]").count(), 0);
    await ui.assertClean();
  });

  it("OIDC flows opens on the public app, asks for a secret only for a confidential one, and runs the exchange itself", async () => {
    const ui = await openUi(emu, { path: "/ui/flows" });
    const { page } = ui;
    await page.waitForSelector("h1:text-is('OIDC flows')");
    await page.waitForSelector("select option[value=demo-browser]", { state: "attached" });
    assert.equal(await page.getByLabel("App").inputValue(), "demo-browser");
    assert.equal(await page.getByLabel("Client secret").count(), 0);
    await page.click("button:text-is('Run')");
    await page.waitForSelector("section.card:has(> ol.timeline) > h2:has-text('authorization_code'):has-text('completed')");
    // One click runs the exchange (the instance's token exchange flag decides how it ends).
    await page.click("button:text-is('Exchange this access token')");
    await page.waitForSelector("section.card:has(> ol.timeline) > h2:has-text('token_exchange')");
    assert.equal(await page.getByRole("combobox", { name: /^Flow/ }).inputValue(), "token_exchange");
    await page.getByRole("combobox", { name: /^Flow/ }).selectOption("authorization_code");
    await page.getByLabel("App").selectOption("demo-server");
    await page.getByLabel("Client secret").waitFor();
    await ui.assertClean();
  });

  it("a picker shows the current state: the execution an event was fired at", async () => {
    const target = await resource("POST", "/targets", { name: "sink", restWebhook: { url: `${emu.url}/emulator/v1/sink/papercut` }, timeout: "5s" });
    assert.equal(target.status, 201, target.text);
    const targetId = (target.body as { details: { id: string } }).details.id;
    const execution = await resource("POST", "/executions", { condition: { event: { event: "user.human.added" } }, targets: [targetId] });
    assert.equal(execution.status, 201, execution.text);
    const executionId = (execution.body as { details: { id: string } }).details.id;
    const ui = await openUi(emu, { path: "/ui/actions" });
    const { page } = ui;
    const fire = page.getByRole("region", { name: "Fire an event" });
    const picker = fire.getByLabel("At execution");
    await page.waitForSelector(`option[value="${executionId}"]`, { state: "attached" });
    await picker.selectOption(executionId);
    assert.equal(await fire.getByLabel("Event type").inputValue(), "user.human.added");
    await page.click("button:text-is('Fire event')");
    await page.waitForSelector("[data-testid=fire-result]:has-text('Matched execution')");
    assert.equal(await picker.inputValue(), executionId);
    // A type of its own is no longer the execution's: the picker lets go.
    await fire.getByLabel("Event type").fill("org.added");
    assert.equal(await picker.inputValue(), "");
    await ui.assertClean();
  });

  it("a picker shows the current state: the default language after an override and a reset", async () => {
    const ui = await openUi(emu, { path: "/ui/contexts" });
    const { page } = ui;
    await page.click(`[role=treeitem]:has(.tree-name:text-is("Emulator Org"))`);
    const setting = "[data-testid=setting-defaultLanguage]";
    await page.waitForSelector(`${setting} .provenance:text-is('inherited from system default')`);
    assert.equal(await page.inputValue(`${setting} select`), "en");
    assert.equal(await page.isDisabled(`${setting} button:text-is('Override')`), true);
    await page.selectOption(`${setting} select`, "fr");
    await page.click(`${setting} button:text-is('Override')`);
    await page.waitForSelector(`${setting} .provenance:text-is('set here')`);
    await page.click(`${setting} button:text-is('Reset default language to inherited')`);
    await page.waitForSelector(`${setting} .provenance:text-is('inherited from system default')`);
    assert.equal(await page.inputValue(`${setting} select`), "en");
    assert.equal(await page.isDisabled(`${setting} button:text-is('Override')`), true);
    await ui.assertClean();
  });

  it("a feature flag moves at once, stays when the emulator agrees and moves back when it refuses", async () => {
    const made = await resource("POST", "/instances", { name: "Doomed", domains: ["doomed.localhost"] });
    assert.equal(made.status, 201);
    const doomed = (made.body as { details: { id: string } }).details.id;
    const ui = await openUi(emu);
    const { page } = ui;
    await page.waitForSelector('section.card > h2:has-text("Feature flags of")');
    // Each change of a flag is held here until the test lets it go on to the emulator.
    const held: (() => void)[] = [];
    await page.route("**/emulator/v1/instances/*/features", async (route) => {
      await new Promise<void>((go) => held.push(go));
      await route.continue();
    });
    const release = async () => {
      while (held.length === 0) await new Promise((r) => setTimeout(r, 20));
      held.shift()!();
    };
    const flag = page.getByLabel("Impersonation");
    assert.equal(await flag.isChecked(), false);
    await flag.click();
    // The request is held: the switch moved before any answer.
    assert.equal(await flag.isChecked(), true);
    const answered = page.waitForResponse("**/features");
    await release();
    assert.equal((await answered).status(), 200);
    const instances = async () => (await api.as("instances", "/instances")).body.instances;
    assert.equal((await instances()).find((i) => i.isDefault)?.features.impersonation, true);
    assert.equal(await flag.isChecked(), true);

    // Refused: the instance is gone by the time the change arrives.
    await page.selectOption("label.instance-picker select", { label: "Doomed" });
    await page.waitForSelector("section.card > h2:text-is('Feature flags of Doomed')");
    await flag.click();
    assert.equal(await flag.isChecked(), true);
    assert.equal((await resource("DELETE", `/instances/${doomed}`)).status, 200);
    await release();
    await page.waitForSelector("section.card:has(> h2:text-is('Feature flags of Doomed')) > .error-banner:has-text('It is not there (any more).')");
    assert.equal(await flag.isChecked(), false);
    assert.deepEqual(
      ui.problems.filter((p) => !/404/.test(p)),
      [],
    );
    ui.problems.length = 0;
    await ui.assertClean();
  });

  it("asks before what one click cannot undo: removing metadata, a grant, deleting a domain", async () => {
    const bob = userId("bob");
    assert.equal((await api(`/users/${bob}/metadata/tier`, { method: "PUT", json: { value: "gold" } })).status, 200);
    const ui = await openUi(emu, { path: `/ui/users/${bob}` });
    const { page } = ui;
    await page.waitForSelector("table:has(caption:text-is('Metadata entries')) td:text-is('gold')");
    await page.click("button[aria-label='Remove tier']");
    await page.waitForSelector(".confirm span:text-is('Remove the metadata tier?')");
    assert.deepEqual((await api(`/users/${bob}/metadata`)).body, { metadata: [{ key: "tier", value: "gold" }] });
    await page.click(".confirm button:text-is('Cancel')");
    await page.click("button[aria-label='Remove tier']");
    await page.click(".confirm button:text-is('Remove')");
    await page.waitForSelector("table:has(caption:text-is('Metadata entries')) td.empty");
    assert.deepEqual((await api(`/users/${bob}/metadata`)).body, { metadata: [] });

    await page.waitForSelector("table:has(caption:text-is('Project roles of the user')) td:text-is('viewer')");
    await page.click("button[aria-label='Remove grant on Demo']");
    await page.waitForSelector(".confirm span:text-is('Remove the grant on Demo (viewer)?')");
    await page.click(".confirm button:text-is('Remove')");
    await page.waitForSelector("table:has(caption:text-is('Project roles of the user')) td.empty");
    const grants = await resource("POST", "/grants/users/_search", [{ userId: { id: bob } }]);
    assert.equal("result" in (grants.body as object), false);

    const org = (await resource("POST", "/organizations/_search", [])).body as { result: { details: { id: string }; organization: { name: string } }[] };
    const orgId = org.result.find((o) => o.organization.name === "Emulator Org")!.details.id;
    assert.equal((await resource("POST", `/domains?organization.orgId=${orgId}`, { domain: "login.example.com" })).status, 201);
    await page.click("header.top nav a:text-is('Contexts')");
    await page.click(`[role=treeitem]:has(.tree-name:text-is("Emulator Org"))`);
    await page.click("button[aria-label='Delete login.example.com']");
    await page.waitForSelector(".confirm span:has-text('Delete the domain login.example.com?')");
    const domains = async () =>
      ((await resource("POST", "/domains/_search", [{ organizationId: { id: orgId } }])).body as { result: { domain: string }[] }).result;
    assert.ok((await domains()).some((d) => d.domain === "login.example.com"));
    await page.click(".confirm button:text-is('Delete')");
    await page.waitForSelector("td:text-is('login.example.com')", { state: "detached" });
    assert.ok(!(await domains()).some((d) => d.domain === "login.example.com"));
    await ui.assertClean();
  });

  it("Sign in as opens on the public app too: no secret asked", async () => {
    const ui = await openUi(emu, { path: `/ui/users/${userId("alice")}` });
    const { page } = ui;
    await page.waitForSelector("section.card > h2:has-text('Sign in as')");
    await page.waitForSelector("select option[value=demo-browser]", { state: "attached" });
    assert.equal(await page.getByLabel("OIDC app").inputValue(), "demo-browser");
    assert.equal(await page.getByLabel("Client secret").count(), 0);
    await page.getByLabel("OIDC app").selectOption("demo-server");
    await page.getByLabel("Client secret").waitFor();
    await ui.assertClean();
  });

  it("the instance-wide users table names each user's org", async () => {
    const ui = await openUi(emu, { path: "/ui/users" });
    const { page } = ui;
    const alice = page.locator("tr", { has: page.locator("a:text-is('alice@emulator-org.localhost')") });
    await alice.waitFor();
    await page.waitForSelector("th:text-is('Org')");
    await page.waitForSelector("tr:has(a:text-is('alice@emulator-org.localhost')) td:text-is('Emulator Org')");
    await ui.assertClean();
  });
});

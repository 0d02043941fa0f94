// The users screen (issue 13, screen 3) in Chromium: add a human and find it through the resource
// API; set metadata; grant a role; lock a user and see its state; sign in as a seeded user and land
// in the token inspector with the roles claim; filter 10,000 users (seeded by the fixtures) to one.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { control, request, startTestEmulator } from "../helpers/emulator.js";
import { noChromium, openUi } from "../helpers/browser.js";
import { defaultFixtures } from "../../emulator/src/index.js";

const LOGIN = (name: string) => `${name}@emulator-org.localhost`;

describe("the users screen", { skip: noChromium }, async () => {
  const emu = await startTestEmulator();
  const api = control(emu);
  const resource = (method: string, path: string, json?: unknown) => request(`${emu.url}/resources/v3alpha${path}`, { method, token: emu.adminPat, json });
  const userByName = async (username: string) => {
    const found = await resource("POST", "/users/_search", [{ username: { username } }]);
    return (found.body as { result: { details: { id: string }; state: string; human?: { profile: { givenName: string }; email: { email: string } } }[] })
      .result[0];
  };
  const openUser = async (ui: Awaited<ReturnType<typeof openUi>>, name: string) => {
    await ui.page.click(`a:text-is('${LOGIN(name)}')`);
    await ui.page.waitForSelector(`section.card > h2:has([data-testid=user-state]):has-text('${LOGIN(name)}')`);
  };

  it("adds a human, which the resource API then finds", async () => {
    const ui = await openUi(emu, { path: "/ui/users" });
    const { page } = ui;
    await page.waitForSelector(`a:text-is('${LOGIN("alice")}')`);
    await page.click("button:text-is('Add user')");
    const form = page.getByRole("form", { name: "Add user" });
    await form.getByLabel("User name").fill("carol");
    await form.getByLabel("Given name").fill("Carol");
    await form.getByLabel("Family name").fill("Clark");
    await form.getByLabel("Email").fill("carol@example.com");
    await form.getByLabel("Password").fill("Password1!");
    await page.click("button:text-is('Create human')");
    await page.waitForSelector(`section.card > h2:has([data-testid=user-state]):has-text('${LOGIN("carol")}')`);
    const carol = await userByName("carol");
    assert.equal(carol?.human?.profile.givenName, "Carol");
    assert.equal(carol?.human?.email.email, "carol@example.com");
    assert.equal(new URL(page.url()).pathname, `/ui/users/${carol!.details.id}`);
    await ui.assertClean();
  });

  it("sets metadata, grants a role, locks and unlocks a user", async () => {
    const ui = await openUi(emu, { path: "/ui/users" });
    const { page } = ui;
    await openUser(ui, "bob");
    const bob = (await userByName("bob"))!.details.id;
    // Metadata through the control API's user routes.
    await page.getByLabel("Key", { exact: true }).fill("tier");
    await page.getByLabel("Value", { exact: true }).fill("gold");
    await page.click("button:text-is('Set metadata')");
    await page.waitForSelector("table:has(caption:text-is('Metadata entries')) td:text-is('gold')");
    assert.deepEqual((await api(`/users/${bob}/metadata`)).body, { metadata: [{ key: "tier", value: "gold" }] });
    // A role of the Demo project on top of bob's viewer grant.
    await page.waitForSelector("table:has(caption:text-is('Project roles of the user')) td:text-is('viewer')");
    await page.getByRole("checkbox", { name: "editor" }).check();
    await page.click("button:text-is('Grant roles')");
    await page.waitForSelector("table:has(caption:text-is('Project roles of the user')) td:text-is('viewer, editor')");
    const grants = await resource("POST", "/grants/users/_search", [{ userId: { id: bob } }]);
    assert.deepEqual(
      (grants.body as { result: { grant: { roleKeys: string[] } }[] }).result.map((g) => g.grant.roleKeys),
      [["viewer", "editor"]],
    );
    // Lock: the badge in the detail and in the table, and the resource API's state.
    await page.click("button:text-is('Lock')");
    await page.waitForSelector("[data-testid=user-state]:text-is('locked')");
    await page.waitForSelector(`tr:has(a:text-is('${LOGIN("bob")}')) .badge:text-is('locked')`);
    assert.equal((await userByName("bob"))!.state, "USER_STATE_LOCKED");
    await page.evaluate(() => window.scrollTo(0, 0));
    await ui.finish("users");
    await page.click("button:text-is('Unlock')");
    await page.waitForSelector("[data-testid=user-state]:text-is('active')");
    assert.equal((await userByName("bob"))!.state, "USER_STATE_ACTIVE");
    await ui.assertClean();
  });

  it("signs in as a seeded user and lands in the inspector on the access token, then its ID token with the roles claim", async () => {
    const ui = await openUi(emu, { path: "/ui/users" });
    const { page } = ui;
    await openUser(ui, "alice");
    await page.getByLabel("OIDC app").selectOption("demo-browser");
    await page.click("button:text-is('Sign in and inspect')");
    await page.waitForURL(/\/ui\/tokens\/inspect#token=/);
    // Issue 24 (item 9): the access token, which has a record (live state, introspection, Revoke), links its ID token.
    await page.waitForSelector("[data-testid=live-state]:has-text('active')");
    await page.waitForSelector("button:text-is('Revoke')");
    await page.click("a:text-is('Inspect the ID token issued with it')");
    const roles = page.locator("tr", { has: page.locator("code:text-is('urn:svc:iam:org:project:roles')") });
    await roles.waitFor();
    assert.match((await roles.locator("td").nth(1).textContent()) ?? "", /"admin"/);
    assert.equal(await roles.locator("td").nth(3).textContent(), "role mapping (project roles)");
    await page.waitForSelector("[data-check=nonce][data-state=ok]");
    await ui.assertClean();
  });
});

describe("the users screen on 10,000 users", { skip: noChromium }, async () => {
  const fixtures = defaultFixtures();
  const org = fixtures.instances[0]!.orgs![0]!;
  for (let i = 0; i < 10_000; i++) {
    const n = String(i).padStart(5, "0");
    org.users!.push({ type: "human", username: `user-${n}`, firstName: "Load", lastName: `Tester ${n}`, email: `user-${n}@example.com` });
  }
  const emu = await startTestEmulator({ fixtures });

  it("loads them all and filters to one", async () => {
    const ui = await openUi(emu, { path: "/ui/users" });
    const { page } = ui;
    await page.waitForSelector("caption:has-text('Users (10005)')", { timeout: 30_000 });
    // Only the rows in view are in the DOM.
    assert.ok((await page.locator(".virtual-table tbody tr").count()) < 100);
    await page.getByLabel("Filter users").fill("user-07777");
    await page.waitForSelector("caption:has-text('Users (1)')");
    assert.equal(await page.locator(".virtual-table tbody a").textContent(), LOGIN("user-07777"));
    await page.getByLabel("Filter users").fill("user-0777 example.com");
    await page.waitForSelector("caption:has-text('Users (10)')");
    await ui.assertClean();
  });
});

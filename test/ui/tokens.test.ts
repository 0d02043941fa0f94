// The tokens screen and the token inspector (issue 13, screen 4) in Chromium: a token issued by a real
// code flow (the control API's flow runner) inspected from the URL fragment; roles claim with its
// source, signature verified against the JWKS, the checklist on the emulator clock, revocation seen
// by the live introspection, a hostile claim shown as text, a malformed token's broken segment named,
// userinfo from a second instance's endpoint.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { noChromium, openUi } from "../helpers/browser.js";
import { internals } from "../../emulator/src/internal.js";
import { getUserByUsername } from "../../emulator/src/domain/user/queries.js";
import { defaultInstance } from "../../emulator/src/domain/instance/queries.js";
import { startTargetServer } from "../helpers/target-server.js";
import { withJwtMachine } from "../helpers/fixtures.js";
import { withAcme } from "../helpers/fixtures.js";

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");

describe("the tokens screen and the inspector", { skip: noChromium }, async () => {
  // The seed and a machine user whose client_credentials tokens are JWTs.
  const emu = await startTestEmulator({ fixtures: withJwtMachine("jwt-worker") });
  const api = control(emu);
  const core = internals(emu).core;
  const alice = getUserByUsername(core.db, defaultInstance(core.db)!.id, "alice")!.id;
  const signIn = async () => {
    const r = (await api.as("runFlow", "/flows", { method: "POST", json: { flow: "authorization_code", clientId: "demo-browser", userId: alice } })).body;
    const token = (kind: string) => r.tokens.find((t) => t.kind === kind)!.value;
    const nonce = new URL(r.steps[0]!.request.url).searchParams.get("nonce")!;
    return { id: token("id_token"), access: token("access_token"), nonce };
  };

  it("inspects an issued ID token: roles claim and its source, signature verified, checklist, advance to expiry", async () => {
    const t = await signIn();
    const fragment = new URLSearchParams({ token: t.id, access_token: t.access, nonce: t.nonce });
    const ui = await openUi(emu, { path: `/ui/tokens/inspect#${fragment}` });
    const { page } = ui;
    await page.waitForSelector("h1:text-is('Token inspector')");
    const roles = page.locator("tr", { has: page.locator("code:text-is('urn:svc:iam:org:project:roles')") });
    assert.match(await roles.locator("td").nth(1).innerText(), /"admin"/);
    assert.match(await roles.locator("td").nth(2).innerText(), /The user's roles in the client's project/);
    assert.equal(await roles.locator("td").nth(3).innerText(), "role mapping (project roles)");
    const sub = page.locator("tr", { has: page.locator("code:text-is('sub')") });
    assert.equal(await sub.locator("td").nth(3).innerText(), "registered (RFC 7519)");
    await page.waitForSelector("[data-testid=signature]:has-text('Signature verified with key')");
    const checks = async () =>
      page.$$eval("[data-check]", (items) => Object.fromEntries(items.map((i) => [i.getAttribute("data-check"), i.getAttribute("data-state")])));
    await page.waitForSelector("[data-check=exp]");
    assert.deepEqual(await checks(), { iss: "ok", aud: "ok", azp: "ok", nonce: "ok", at_hash: "ok", exp: "ok" });
    // The JWKS's key is shown next to the header.
    await page.waitForSelector("figcaption:has-text('The matching key')");
    // Userinfo against the ID token: the roles agree; the email is only in userinfo (an access token was issued).
    await page.click("button:text-is('Fetch userinfo')");
    const diff = (claim: string) =>
      page
        .locator("section.card:has(> h2:text-is('Userinfo compared with the ID token')) table tr", { has: page.locator(`code:text-is('${claim}')`) })
        .locator("td")
        .nth(3)
        .innerText();
    assert.equal(await diff("urn:svc:iam:org:project:roles"), "same");
    assert.equal(await diff("email"), "only in userinfo");
    await page.evaluate(() => window.scrollTo(0, 0));
    await ui.finish("inspector");
    await page.click("button:text-is('Advance clock to expiry')");
    await page.waitForSelector("[data-check=exp][data-state=failed]");
    assert.match(await page.innerText("[data-check=exp]"), /expired .* ago on the emulator clock/);
    assert.equal((await api.as("clock", "/clock")).body.offsetMs > 11 * 3600_000, true);
    await api("/clock/_reset", { method: "POST" });
    await ui.assertClean();
  });

  it("revokes an access token from the inspector and the introspection turns inactive", async () => {
    const t = await signIn();
    const ui = await openUi(emu, { path: `/ui/tokens/inspect#token=${t.access}` });
    const { page } = ui;
    await page.waitForSelector("[data-testid=live-state]:has-text('active')");
    assert.match(await page.innerText("[data-testid=introspection]"), /"active": true/);
    // Issue 24 (item 9): Revoke asks first, as every action one click cannot undo.
    await page.click("button:text-is('Revoke')");
    await page.click(".confirm button:text-is('Revoke')");
    await page.waitForSelector("[data-testid=live-state]:has-text('revoked')");
    assert.match(await page.innerText("[data-testid=introspection]"), /"active": false/);
    const listed = (await api.as("tokens", "/tokens")).body;
    assert.ok(listed.tokens.find((x) => x.id === t.access)!.revokedAt);
    await ui.assertClean();
  });

  it("renders a hostile claim as text and says why a forged signature fails", async () => {
    const hostile = `<img src=x onerror="document.title='pwned'">`;
    const header = { alg: "RS256", kid: "forged-kid", typ: "JWT" };
    const forged = `${b64(header)}.${b64({ iss: emu.issuer, sub: "x", name: hostile, exp: 4102444800 })}.${Buffer.from("sig").toString("base64url")}`;
    const ui = await openUi(emu, { path: `/ui/tokens/inspect#token=${forged}` });
    const { page } = ui;
    const name = page.locator("tr", { has: page.locator("code:text-is('name')") });
    assert.equal(await name.locator("td").nth(1).innerText(), hostile);
    assert.equal(await page.locator("img[src=x]").count(), 0);
    assert.notEqual(await page.title(), "pwned");
    await page.waitForSelector("[data-testid=key-state]:has-text('key rotated out')");
    assert.match(await page.innerText("[data-testid=signature]"), /key forged-kid is not in the instance's JWKS/);
    await page.waitForSelector("[data-testid=live-state]:has-text('No token record')");
    await ui.assertClean();
  });

  it("decodes a malformed token as far as it goes and names the broken segment", async () => {
    const broken = `${b64({ alg: "RS256", kid: "k1" })}.eyJub3QganNvbg.c2ln`;
    const ui = await openUi(emu, { path: `/ui/tokens/inspect#token=${broken}` });
    const { page } = ui;
    await page.waitForSelector("[data-testid=malformed]");
    assert.match(await page.innerText("[data-testid=malformed]"), /^The payload segment \(2nd\) is not JSON/);
    assert.equal(await page.innerText("section.card:has(> h2:text-is('Header')) > dl div:first-child dd"), "RS256");
    await page.fill("textarea", "only.two");
    await page.click("button:text-is('Inspect')");
    await page.waitForSelector("[data-testid=malformed]:has-text('this token has 2')");
    await ui.assertClean();
  });

  it("lists issued tokens with their state, filters, and opens one in the inspector", async () => {
    const t = await signIn();
    const ui = await openUi(emu, { path: "/ui/tokens" });
    const { page } = ui;
    await page.waitForSelector("section.card > h2:text-is('Issued tokens')");
    await page.getByLabel("Filter").fill("offline_access");
    await page.getByLabel("State").selectOption("revoked");
    await page.waitForSelector("tbody td:has-text('revoked')");
    await page.getByLabel("State").selectOption("active");
    await page.waitForSelector(`a[href="/ui/tokens/inspect#token=${t.access}"]`);
    const states = await page.$$eval("tbody tr td:first-child", (cells) => [...new Set(cells.map((c) => c.textContent))]);
    assert.deepEqual(states, ["active"]);
    await ui.finish("tokens");
    await page.locator(`a[href="/ui/tokens/inspect#token=${t.access}"]`).click();
    await page.waitForSelector("[data-testid=live-state]:has-text('active')");
    assert.equal(new URL(page.url()).hash, `#token=${t.access}`);
    await ui.assertClean();
  });

  it("opens a JWT access token's record from the list: its jti, live state, introspection and Revoke", async () => {
    const r = (
      await api.as("runFlow", "/flows", { method: "POST", json: { flow: "client_credentials", clientId: "jwt-worker", clientSecret: "jwt-worker-secret" } })
    ).body;
    const jwt = r.tokens.find((t) => t.kind === "access_token")!.value;
    const jti = JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()).jti as string;
    const ui = await openUi(emu, { path: "/ui/tokens" });
    const { page } = ui;
    await page.getByLabel("Filter").fill("jwt-worker");
    await page.locator(`a[href="/ui/tokens/inspect#jti=${jti}"]`).click();
    await page.waitForSelector(`[data-testid=jwt-record]:has-text('${jti}')`);
    await page.waitForSelector("[data-testid=live-state]:has-text('active')");
    assert.match((await page.textContent("[data-testid=live-state]")) ?? "", /access token \(jwt\) of client jwt-worker/);
    const introspection = (await page.textContent("[data-testid=introspection]")) ?? "";
    assert.match(introspection, /"active": true/);
    assert.match(introspection, /"client_id": "jwt-worker"/);
    await page.click("button:text-is('Revoke')");
    await page.click(".confirm button:text-is('Revoke')");
    await page.waitForSelector("[data-testid=live-state]:has-text('revoked')");
    const listed = (await api.as("tokens", "/tokens")).body;
    assert.ok(listed.tokens.find((t) => t.id === jti)?.revokedAt, "the record is revoked");
    await ui.assertClean();
  });

  it("names an action's function as the source of the claims it added", async () => {
    const server = await startTargetServer();
    server.answer("/pre", { body: { append_claims: [{ key: "team", value: "blue" }] } });
    const rest = (path: string, json: unknown) =>
      fetch(`${emu.url}/resources/v3alpha${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${emu.adminPat}`, "content-type": "application/json" },
        body: JSON.stringify(json),
      }).then((r) => r.json() as Promise<{ details: { id: string } }>);
    const target = await rest("/targets", { name: "pre", restRequestResponse: { url: server.url("/pre") }, timeout: "5s" });
    await rest("/executions", { condition: { function: "preuserinfo" }, targets: [target.details.id] });
    const t = await signIn();
    const ui = await openUi(emu, { path: `/ui/tokens/inspect#${new URLSearchParams({ token: t.id, access_token: t.access })}` });
    const { page } = ui;
    const team = page.locator("tr", { has: page.locator("code:text-is('team')") });
    await team.locator("td:has-text('action function (preuserinfo)')").waitFor();
    assert.match(await team.locator("td").nth(2).innerText(), /Added by the preuserinfo function/);
    await ui.assertClean();
    await api("/reset", { method: "POST" });
  });

  it("fetches userinfo from the token's own instance, a second one, and shows its refusal once the token is revoked", async () => {
    const other = await startTestEmulator({ fixtures: withAcme() });
    const call = control(other);
    const acme = (await call.as("instances", "/instances")).body.instances.find((i) => i.name === "Acme")!;
    const ann = getUserByUsername(internals(other).core.db, acme.id, "ann")!.id;
    const r = (
      await call.as("runFlow", "/flows", { method: "POST", json: { flow: "authorization_code", instanceId: acme.id, clientId: "acme-shop", userId: ann } })
    ).body;
    const token = (kind: string) => r.tokens.find((t) => t.kind === kind)!.value;
    const fragment = new URLSearchParams({ token: token("id_token"), access_token: token("access_token") });
    const ui = await openUi(other, { path: `/ui/tokens/inspect#${fragment}` });
    const { page } = ui;
    await page.waitForSelector("p:has-text('Instance: Acme.')");
    await page.click("button:text-is('Fetch userinfo')");
    const row = (claim: string) =>
      page
        .locator("section.card:has(> h2:text-is('Userinfo compared with the ID token')) table tr", { has: page.locator(`code:text-is('${claim}')`) })
        .locator("td");
    await row("sub").first().waitFor();
    assert.equal(await row("sub").nth(2).textContent(), ann);
    assert.equal(await row("sub").nth(3).textContent(), "same");
    assert.equal(await row("email").nth(2).textContent(), "ann@acme.localhost");
    // Revoked: the instance's endpoint refuses the token, and the card says so in the endpoint's words.
    assert.equal((await call(`/tokens/${encodeURIComponent(token("access_token"))}/_revoke`, { method: "POST" })).status, 200);
    await page.click("button:text-is('Fetch userinfo again')");
    await page.waitForSelector("[role=alert]:has-text('userinfo answered 401')");
    assert.match((await page.textContent("[role=alert]")) ?? "", /invalid_token/);
    await ui.assertClean();
  });
});

// The users screen on an instance other than the default one (issue 26): two instances seeded from one
// fixture file hold the same user id; locking and setting metadata on instance B's screen change B's
// user only (the screen names its instance to the control API's user routes).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fetchByHost, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { noChromium, openUi } from "../helpers/browser.js";
import { defaultFixtures } from "../helpers/fixtures.js";

const ANN = "640000000000000001";

describe("the users screen of a second instance", { skip: noChromium }, async () => {
  const emu = await startTestEmulator();
  const api = control(emu);
  const send = fetchByHost(emu.port);
  const seed = defaultFixtures();
  const org = seed.instances[0]!.orgs[0]!;
  const alice = org.users!.find((u) => u.username === "alice");
  assert.ok(alice?.type === "human");
  org.users!.push({ ...alice, id: ANN, username: "ann", firstName: "Ann", email: "ann@example.com" });
  type Made = { id: string; issuer: string; adminPat: string };
  const made: Made[] = [];
  for (const name of ["Alpha", "Beta"]) {
    const r = await api.as("createInstance", "/instances", { method: "POST", json: { name, seed: { fixtures: seed } } });
    assert.equal(r.status, 201, r.text);
    made.push(r.body);
  }
  const [alpha, beta] = made as [Made, Made];
  const stateAt = async (i: Made) => {
    const res = await send(`${i.issuer}/resources/v3alpha/users/${ANN}`, { headers: { authorization: `Bearer ${i.adminPat}` } });
    return ((await res.json()) as { user: { state: string } }).user.state;
  };

  it("locks and tags the user of the selected instance, not the same id elsewhere", async () => {
    const ui = await openUi(emu);
    const { page } = ui;
    await page.waitForSelector("h1:text-is('Overview')");
    await page.selectOption("label.instance-picker select", { label: "Beta" });
    await page.waitForSelector(".breadcrumb li:text-is('Instance Beta')");
    await page.click("header.top nav a:text-is('Users')");
    await page.click("a:text-matches('^ann@')");
    await page.waitForSelector("section.card > h2:has([data-testid=user-state]):has-text('ann@')");
    await page.click("button:text-is('Lock')");
    await page.waitForSelector("[data-testid=user-state]:text-is('locked')");
    assert.equal(await stateAt(beta), "USER_STATE_LOCKED");
    assert.equal(await stateAt(alpha), "USER_STATE_ACTIVE");
    await page.getByLabel("Key", { exact: true }).fill("tier");
    await page.getByLabel("Value", { exact: true }).fill("gold");
    await page.click("button:text-is('Set metadata')");
    await page.waitForSelector("table:has(caption:text-is('Metadata entries')) td:text-is('gold')");
    assert.deepEqual((await api(`/users/${ANN}/metadata?instanceId=${beta.id}`)).body, { metadata: [{ key: "tier", value: "gold" }] });
    assert.deepEqual((await api(`/users/${ANN}/metadata?instanceId=${alpha.id}`)).body, { metadata: [] });
    await ui.assertClean();
  });
});

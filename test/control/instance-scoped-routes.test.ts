// The control API's routes that name a user or a session by id find it in one instance (issue 26):
// `?instanceId=` names it, the default instance without it. Two instances seeded from one fixture file
// hold the same user id: each call touches its own instance's user only; an id the chosen instance
// does not hold, and an instance that does not exist, are 404 {code, message} with nothing written.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { control, fetchByHost, startTestEmulator } from "../helpers/emulator.js";
import { controlApi } from "../helpers/control-client.js";
import { defaultFixtures } from "../helpers/fixtures.js";
import { internals } from "../../emulator/src/internal.js";

const emu = await startTestEmulator();
const api = control(emu);
const typed = controlApi(emu);
const send = fetchByHost(emu.port);
const core = internals(emu).core;

/** The default seed and humans with given ids in its org: the same user ids in every instance seeded from it. */
const ANN = "630000000000000001";
const BEN = "630000000000000002";
const SEED = (() => {
  const f = defaultFixtures();
  const org = f.instances[0]!.orgs[0]!;
  const alice = org.users!.find((u) => u.username === "alice");
  assert.ok(alice?.type === "human");
  org.users!.push({ ...alice, id: ANN, username: "ann", firstName: "Ann", email: "ann@svc-emulator.localhost" });
  org.users!.push({ ...alice, id: BEN, username: "ben", firstName: "Ben", email: "ben@svc-emulator.localhost" });
  return f;
})();

type Made = { id: string; issuer: string; adminPat: string };
async function make(name: string): Promise<Made> {
  const r = await typed.createInstance({ body: { name, seed: { fixtures: SEED } } });
  assert.equal(r.status, 201, r.text);
  return r.body;
}
const a = await make("A");
const b = await make("B");

/** The user's state as its own instance's resource API shows it. */
async function stateAt(i: Made, id: string): Promise<string> {
  const res = await send(`${i.issuer}/resources/v3alpha/users/${id}`, { headers: { authorization: `Bearer ${i.adminPat}` } });
  const body = (await res.json()) as { user: { state: string } };
  assert.equal(res.status, 200, JSON.stringify(body));
  return body.user.state;
}
/** The position of an instance's last event: unchanged means nothing was written there. */
const lastEvent = (instanceId: string) => core.events.latest(instanceId)?.position;
const defaultId = (await typed.instances()).body.instances.find((i) => i.isDefault)!.id;

describe("users/{id}/… in the chosen instance", () => {
  it("locks the user of the named instance only, and 404s where the id or the instance is missing", async () => {
    const untouched = [lastEvent(b.id), lastEvent(defaultId)];
    const locked = await api(`/users/${ANN}/_lock?instanceId=${b.id}`, { method: "POST" });
    assert.equal(locked.status, 200, locked.text);
    assert.deepEqual(locked.body, { id: ANN, state: "locked" });
    assert.equal(await stateAt(b, ANN), "USER_STATE_LOCKED");
    assert.equal(await stateAt(a, ANN), "USER_STATE_ACTIVE", "the same id in another instance is another user");
    assert.notEqual(lastEvent(b.id), untouched[0]);

    const before = [lastEvent(a.id), lastEvent(b.id), lastEvent(defaultId)];
    // Without instanceId: the default instance, which holds no user of that id.
    const missing = await api(`/users/${ANN}/_lock`, { method: "POST" });
    assert.deepEqual([missing.status, missing.body], [404, { code: 5, message: "No such user" }]);
    const nowhere = await api(`/users/${ANN}/_unlock?instanceId=nope`, { method: "POST" });
    assert.deepEqual([nowhere.status, nowhere.body], [404, { code: 5, message: "No instance nope" }]);
    const empty = await api(`/users/${ANN}/_unlock?instanceId=`, { method: "POST" });
    assert.deepEqual([empty.status, empty.body], [404, { code: 5, message: "No instance " }], "an empty instanceId names no instance");
    const extra = await api(`/users/${ANN}/_unlock?instanceId=${b.id}&org=x`, { method: "POST" });
    assert.equal(extra.status, 400, extra.text);
    assert.deepEqual([lastEvent(a.id), lastEvent(b.id), lastEvent(defaultId)], before, "refusals write nothing");
    assert.equal(await stateAt(b, ANN), "USER_STATE_LOCKED");

    assert.deepEqual((await api(`/users/${ANN}/_unlock?instanceId=${b.id}`, { method: "POST" })).body, { id: ANN, state: "active" });
    assert.equal(lastEvent(a.id), before[0]);
  });

  it("keeps each instance's metadata of the same user id apart", async () => {
    const meta = (i: Made, suffix = "", init: RequestInit & { json?: unknown } = {}) => api(`/users/${ANN}/metadata${suffix}?instanceId=${i.id}`, init);
    const set = await meta(a, "/tier", { method: "PUT", json: { value: "gold" } });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual(set.body, { metadata: [{ key: "tier", value: "gold" }] });
    assert.deepEqual((await meta(b)).body, { metadata: [] }, "B's user has none");
    assert.deepEqual((await meta(b, "/tier", { method: "PUT", json: { value: "silver" } })).body, { metadata: [{ key: "tier", value: "silver" }] });
    assert.deepEqual((await meta(a)).body, { metadata: [{ key: "tier", value: "gold" }] });
    assert.deepEqual((await meta(b, "/tier", { method: "DELETE" })).body, { metadata: [] });
    assert.deepEqual((await meta(a)).body, { metadata: [{ key: "tier", value: "gold" }] }, "removing B's entry leaves A's");
    const missing = await api(`/users/${ANN}/metadata`);
    assert.deepEqual([missing.status, missing.body], [404, { code: 5, message: "No such user" }]);
    const nowhere = await api(`/users/${ANN}/metadata/tier?instanceId=nope`, { method: "PUT", json: { value: "x" } });
    assert.deepEqual([nowhere.status, nowhere.body], [404, { code: 5, message: "No instance nope" }]);
    assert.deepEqual((await meta(a)).body, { metadata: [{ key: "tier", value: "gold" }] });
  });
});

describe("sessions/{id}/_terminate in the chosen instance", () => {
  it("terminates a session of the named instance only", async () => {
    const flow = await typed.runFlow({ body: { flow: "authorization_code", instanceId: a.id, clientId: "demo-browser", userId: BEN } });
    assert.equal(flow.body.outcome, "ok", flow.text);
    const sessionsOf = async (i: Made) => (await typed.sessions({ query: { instanceId: i.id } })).body.sessions;
    const [session] = (await sessionsOf(a)).filter((s) => s.userId === BEN && !s.terminatedAt);
    assert.ok(session, "the flow left a session in A");
    assert.deepEqual(await sessionsOf(b), []);

    const before = [lastEvent(a.id), lastEvent(b.id), lastEvent(defaultId)];
    for (const [suffix, message] of [
      [`?instanceId=${b.id}`, "No such session"],
      ["", "No such session"],
      ["?instanceId=nope", "No instance nope"],
    ] as const) {
      const refused = await api(`/sessions/${session.id}/_terminate${suffix}`, { method: "POST" });
      assert.deepEqual([refused.status, refused.body], [404, { code: 5, message }], suffix);
    }
    assert.deepEqual([lastEvent(a.id), lastEvent(b.id), lastEvent(defaultId)], before, "refusals write nothing");
    assert.equal((await sessionsOf(a)).find((s) => s.id === session.id)?.terminatedAt, null);

    const done = await api(`/sessions/${session.id}/_terminate?instanceId=${a.id}`, { method: "POST" });
    assert.equal(done.status, 200, done.text);
    assert.deepEqual(done.body, { terminated: session.id, revokedTokens: 2 });
    assert.ok((await sessionsOf(a)).find((s) => s.id === session.id)?.terminatedAt);
  });
});

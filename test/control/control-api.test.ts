// The control API (issue 2): health and ready for anyone, the console token for everything else,
// reset back to the seed, named snapshots, the clock, the event log and instance features.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";

const emu = await startTestEmulator();
const ctl = rawControl(emu);
const control = controlApi(emu);
const api = (path: string, init: Parameters<typeof request>[1] = {}) => request(`${emu.url}/resources/v3alpha${path}`, { token: emu.adminPat, ...init });
const createTarget = async (name: string) => {
  const r = await api("/targets", { method: "POST", json: { name, restWebhook: { url: "http://localhost:9999/h" }, timeout: "10s" } });
  assert.equal(r.status, 201, r.text);
  return r.body as { details: { id: string; changeDate: string } };
};
const eventCount = async () => (await control.events({ query: { limit: 1000 } })).body.events.length;

describe("access to the control API", () => {
  it("answers health and ready without a token", async () => {
    assert.deepEqual((await request(`${emu.url}/emulator/v1/health`)).body, { status: "ok" });
    assert.deepEqual((await request(`${emu.url}/emulator/v1/ready`)).body, { ready: true });
  });

  it("answers 401 {code:16} without the console token or with another token, for every other route", async () => {
    for (const [method, path] of [
      ["POST", "/reset"],
      ["GET", "/snapshots"],
      ["GET", "/clock"],
      ["GET", "/events"],
      ["GET", "/instances"],
    ] as const) {
      const none = await request(`${emu.url}/emulator/v1${path}`, { method });
      assert.equal(none.status, 401, path);
      assert.deepEqual(none.body, { code: 16, message: "The control API needs Authorization: Bearer <consoleToken>" });
      const wrong = await request(`${emu.url}/emulator/v1${path}`, { method, token: emu.adminPat });
      assert.equal(wrong.status, 401, path);
      assert.deepEqual(wrong.body, { code: 16, message: "The console token is not valid" });
    }
  });
});

describe("reset", () => {
  it("brings back the seeded state completely, and the adminPat keeps working", async () => {
    const seeded = await eventCount();
    const { details } = await createTarget("reset-me");
    assert.equal(await eventCount(), seeded + 1);
    const r = await control.reset();
    assert.deepEqual([r.status, r.body], [200, { reset: true }]);
    assert.equal((await api(`/targets/${details.id}`)).status, 404);
    assert.equal(await eventCount(), seeded);
    emu.reset();
    assert.equal(await eventCount(), seeded);
  });
});

describe("snapshots", () => {
  it("saves, lists, restores exactly and deletes", async () => {
    await control.reset();
    const a = await createTarget("in-snapshot");
    const saved = await control.saveSnapshot({ body: { name: "one" } });
    assert.equal(saved.status, 201);
    assert.equal(saved.body.name, "one");
    assert.equal((await control.saveSnapshot({ body: { name: "one" } })).status, 200);
    const listed = (await control.snapshots()).body;
    assert.deepEqual(
      listed.snapshots.map((s) => s.name),
      ["one"],
    );
    assert.ok(listed.snapshots[0]!.sizeBytes > 0);
    const b = await createTarget("after-snapshot");
    const before = await eventCount();
    const restored = await control.restoreSnapshot({ params: { name: "one" } });
    assert.deepEqual([restored.status, restored.body], [200, { restored: "one" }]);
    assert.equal((await api(`/targets/${a.details.id}`)).status, 200);
    assert.equal((await api(`/targets/${b.details.id}`)).status, 404);
    assert.equal(await eventCount(), before - 1);
    assert.deepEqual((await control.deleteSnapshot({ params: { name: "one" } })).body, { deleted: "one" });
    assert.deepEqual((await control.snapshots()).body, { snapshots: [] });
  });

  it("answers 404 for unknown names and 400 for invalid ones", async () => {
    const unknown = await control.restoreSnapshot({ params: { name: "nope" } });
    assert.deepEqual([unknown.status, unknown.body], [404, { code: 5, message: "No snapshot named nope" }]);
    assert.equal((await control.deleteSnapshot({ params: { name: "nope" } })).status, 404);
    const bad = await ctl("/snapshots", { method: "POST", json: { name: "../etc" } });
    assert.equal(bad.status, 400);
    assert.equal(bad.error.code, 3);
    assert.equal((await ctl("/snapshots", { method: "POST", json: {} })).status, 400);
  });
});

describe("clock", () => {
  it("freezes, advances and resumes; what the emulator writes carries its time", async () => {
    const frozen = await control.freezeClock({ body: { at: "2030-05-01T10:00:00.000Z" } });
    assert.deepEqual(frozen.body, { now: "2030-05-01T10:00:00.000Z", frozen: true, offsetMs: frozen.body.offsetMs });
    assert.equal((await createTarget("frozen")).details.changeDate, "2030-05-01T10:00:00Z");
    const advanced = await control.advanceClock({ body: { by: "1h30m" } });
    assert.equal(advanced.body.now, "2030-05-01T11:30:00.000Z");
    assert.equal((await createTarget("advanced")).details.changeDate, "2030-05-01T11:30:00Z");
    assert.equal((await control.clock()).body.now, "2030-05-01T11:30:00.000Z");
    const resumed = (await control.resumeClock()).body;
    assert.equal(resumed.frozen, false);
    await new Promise((r) => setTimeout(r, 20));
    assert.ok(Date.parse((await control.clock()).body.now) > Date.parse("2030-05-01T11:30:00.010Z"));
  });

  it("refuses a duration it cannot read", async () => {
    for (const by of ["soon", "10", "1x", ""]) {
      const r = await control.advanceClock({ body: { by } });
      assert.equal(r.status, 400, by);
      assert.equal(r.error.code, 3);
    }
  });

  it("goes back to real time with _reset", async () => {
    await control.advanceClock({ body: { by: "10h" } });
    const r = (await control.realClock()).body;
    assert.deepEqual([r.frozen, r.offsetMs], [false, 0]);
    assert.ok(Math.abs(Date.parse(r.now) - Date.now()) < 5000);
  });

  it("is back to real time after a reset", async () => {
    await control.freezeClock({ body: { at: "2001-01-01T00:00:00Z" } });
    await control.reset();
    assert.equal((await control.clock()).body.frozen, false);
  });
});

describe("event log", () => {
  it("filters by instance, aggregate and type, and pages with after and nextAfter", async () => {
    await control.reset();
    const instanceId = (await control.instances()).body.instances[0]!.id;
    const { details } = await createTarget("logged");
    const byAggregate = (await control.events({ query: { aggregateType: "target", aggregateId: details.id } })).body;
    assert.equal(byAggregate.events.length, 1);
    const e = byAggregate.events[0]!;
    assert.deepEqual(
      { ...e, position: 0, createdAt: "" },
      {
        position: 0,
        instanceId,
        aggregateType: "target",
        aggregateId: details.id,
        aggregateSequence: 1,
        type: "target.added",
        payload: {
          name: "logged",
          targetType: "rest_webhook",
          url: "http://localhost:9999/h",
          timeoutMs: 10000,
          isAsync: false,
          interruptOnError: false,
          signingKey: e.payload.signingKey,
        },
        creator: e.creator,
        resourceOwner: instanceId,
        createdAt: "",
        origin: "api",
      },
    );
    assert.equal(byAggregate.nextAfter, null);
    const all = (await control.events({ query: { instanceId, limit: 1000 } })).body.events;
    const page1 = (await control.events({ query: { instanceId, limit: 3 } })).body;
    assert.deepEqual(
      page1.events.map((x) => x.position),
      all.slice(0, 3).map((x) => x.position),
    );
    const page2 = (await control.events({ query: { instanceId, limit: 3, after: page1.nextAfter! } })).body;
    assert.deepEqual(
      page2.events.map((x) => x.position),
      all.slice(3, 6).map((x) => x.position),
    );
    assert.deepEqual((await control.events({ query: { type: "target.added" } })).body.events.length, 1);
    assert.deepEqual((await control.events({ query: { instanceId: "nope" } })).body, { events: [], nextAfter: null });
    assert.equal((await ctl("/events?limit=0")).status, 400);
  });
});

describe("instance features", () => {
  it("switches multitenancy_resources_api off and on; refuses unknown instances and empty bodies", async () => {
    const instanceId = (await control.instances()).body.instances[0]!.id;
    const off = await ctl(`/instances/${instanceId}/features`, { method: "PATCH", json: { multitenancy_resources_api: false } });
    assert.deepEqual(off.body, { multitenancyResourcesApi: false, multitenancySettings: true, oidcTokenExchange: false, impersonation: false });
    const refused = await api("/targets/_search", { method: "POST", json: [] });
    assert.equal(refused.status, 400);
    assert.equal((refused.body as { code: number }).code, 9);
    await ctl(`/instances/${instanceId}/features`, { method: "PATCH", json: { multitenancy_resources_api: true } });
    assert.equal((await api("/targets/_search", { method: "POST", json: [] })).status, 200);
    assert.equal((await ctl("/instances/404/features", { method: "PATCH", json: { multitenancy_settings: false } })).status, 404);
    assert.equal((await ctl(`/instances/${instanceId}/features`, { method: "PATCH", json: {} })).status, 400);
    assert.equal((await ctl(`/instances/${instanceId}/features`, { method: "PATCH", json: { unknown_flag: true } })).status, 400);
  });
});

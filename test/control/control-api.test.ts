// The control API (issue 2): health and ready for anyone, the console token for everything else,
// reset back to the seed, named snapshots, the clock, the event log and instance features.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { control, request, startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator();
const ctl = control(emu);
const api = (path: string, init: Parameters<typeof request>[1] = {}) => request(`${emu.url}/resources/v3alpha${path}`, { token: emu.adminPat, ...init });
const createTarget = async (name: string) => {
  const r = await api("/targets", { method: "POST", json: { name, restWebhook: { url: "http://localhost:9999/h" }, timeout: "10s" } });
  assert.equal(r.status, 201, r.text);
  return r.body as { details: { id: string; changeDate: string } };
};
const eventCount = async () => ((await ctl("/events?limit=1000")).body as { events: unknown[] }).events.length;

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
    const r = await ctl("/reset", { method: "POST" });
    assert.deepEqual([r.status, r.body], [200, { reset: true }]);
    assert.equal((await api(`/targets/${details.id}`)).status, 404);
    assert.equal(await eventCount(), seeded);
    emu.reset();
    assert.equal(await eventCount(), seeded);
  });
});

describe("snapshots", () => {
  it("saves, lists, restores exactly and deletes", async () => {
    await ctl("/reset", { method: "POST" });
    const a = await createTarget("in-snapshot");
    const saved = await ctl("/snapshots", { method: "POST", json: { name: "one" } });
    assert.equal(saved.status, 201);
    assert.equal((saved.body as { name: string }).name, "one");
    assert.equal((await ctl("/snapshots", { method: "POST", json: { name: "one" } })).status, 200);
    const listed = (await ctl("/snapshots")).body as { snapshots: { name: string; sizeBytes: number }[] };
    assert.deepEqual(
      listed.snapshots.map((s) => s.name),
      ["one"],
    );
    assert.ok(listed.snapshots[0]!.sizeBytes > 0);
    const b = await createTarget("after-snapshot");
    const before = await eventCount();
    const restored = await ctl("/snapshots/one/_restore", { method: "POST" });
    assert.deepEqual([restored.status, restored.body], [200, { restored: "one" }]);
    assert.equal((await api(`/targets/${a.details.id}`)).status, 200);
    assert.equal((await api(`/targets/${b.details.id}`)).status, 404);
    assert.equal(await eventCount(), before - 1);
    assert.deepEqual((await ctl("/snapshots/one", { method: "DELETE" })).body, { deleted: "one" });
    assert.deepEqual((await ctl("/snapshots")).body, { snapshots: [] });
  });

  it("answers 404 for unknown names and 400 for invalid ones", async () => {
    const unknown = await ctl("/snapshots/nope/_restore", { method: "POST" });
    assert.deepEqual([unknown.status, unknown.body], [404, { code: 5, message: "No snapshot named nope" }]);
    assert.equal((await ctl("/snapshots/nope", { method: "DELETE" })).status, 404);
    const bad = await ctl("/snapshots", { method: "POST", json: { name: "../etc" } });
    assert.equal(bad.status, 400);
    assert.equal((bad.body as { code: number }).code, 3);
    assert.equal((await ctl("/snapshots", { method: "POST", json: {} })).status, 400);
  });
});

describe("clock", () => {
  it("freezes, advances and resumes; what the emulator writes carries its time", async () => {
    const frozen = await ctl("/clock/_freeze", { method: "POST", json: { at: "2030-05-01T10:00:00.000Z" } });
    assert.deepEqual(frozen.body, { now: "2030-05-01T10:00:00.000Z", frozen: true, offsetMs: (frozen.body as { offsetMs: number }).offsetMs });
    assert.equal((await createTarget("frozen")).details.changeDate, "2030-05-01T10:00:00Z");
    const advanced = await ctl("/clock/_advance", { method: "POST", json: { by: "1h30m" } });
    assert.equal((advanced.body as { now: string }).now, "2030-05-01T11:30:00.000Z");
    assert.equal((await createTarget("advanced")).details.changeDate, "2030-05-01T11:30:00Z");
    assert.equal(((await ctl("/clock")).body as { now: string }).now, "2030-05-01T11:30:00.000Z");
    const resumed = (await ctl("/clock/_resume", { method: "POST" })).body as { now: string; frozen: boolean };
    assert.equal(resumed.frozen, false);
    await new Promise((r) => setTimeout(r, 20));
    assert.ok(Date.parse(((await ctl("/clock")).body as { now: string }).now) > Date.parse("2030-05-01T11:30:00.010Z"));
  });

  it("refuses a duration it cannot read", async () => {
    for (const by of ["soon", "10", "1x", ""]) {
      const r = await ctl("/clock/_advance", { method: "POST", json: { by } });
      assert.equal(r.status, 400, by);
      assert.equal((r.body as { code: number }).code, 3);
    }
  });

  it("goes back to real time with _reset", async () => {
    await ctl("/clock/_advance", { method: "POST", json: { by: "10h" } });
    const r = (await ctl("/clock/_reset", { method: "POST" })).body as { frozen: boolean; offsetMs: number; now: string };
    assert.deepEqual([r.frozen, r.offsetMs], [false, 0]);
    assert.ok(Math.abs(Date.parse(r.now) - Date.now()) < 5000);
  });

  it("is back to real time after a reset", async () => {
    await ctl("/clock/_freeze", { method: "POST", json: { at: "2001-01-01T00:00:00Z" } });
    await ctl("/reset", { method: "POST" });
    assert.equal(((await ctl("/clock")).body as { frozen: boolean }).frozen, false);
  });
});

describe("event log", () => {
  it("filters by instance, aggregate and type, and pages with after and nextAfter", async () => {
    await ctl("/reset", { method: "POST" });
    const instanceId = ((await ctl("/instances")).body as { instances: { id: string }[] }).instances[0]!.id;
    const { details } = await createTarget("logged");
    const byAggregate = (await ctl(`/events?aggregate_type=target&aggregate_id=${details.id}`)).body as {
      events: Record<string, unknown>[];
      nextAfter: number | null;
    };
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
          signingKey: (e.payload as { signingKey: string }).signingKey,
        },
        creator: (e as { creator: string }).creator,
        resourceOwner: instanceId,
        createdAt: "",
        origin: "api",
      },
    );
    assert.equal(byAggregate.nextAfter, null);
    const all = ((await ctl(`/events?instance_id=${instanceId}&limit=1000`)).body as { events: { position: number }[] }).events;
    const page1 = (await ctl(`/events?instance_id=${instanceId}&limit=3`)).body as { events: { position: number }[]; nextAfter: number };
    assert.deepEqual(
      page1.events.map((x) => x.position),
      all.slice(0, 3).map((x) => x.position),
    );
    const page2 = (await ctl(`/events?instance_id=${instanceId}&limit=3&after=${page1.nextAfter}`)).body as { events: { position: number }[] };
    assert.deepEqual(
      page2.events.map((x) => x.position),
      all.slice(3, 6).map((x) => x.position),
    );
    assert.deepEqual(((await ctl("/events?type=target.added")).body as { events: unknown[] }).events.length, 1);
    assert.deepEqual((await ctl("/events?instance_id=nope")).body, { events: [], nextAfter: null });
    assert.equal((await ctl("/events?limit=0")).status, 400);
  });
});

describe("instance features", () => {
  it("switches multitenancy_resources_api off and on; refuses unknown instances and empty bodies", async () => {
    const instanceId = ((await ctl("/instances")).body as { instances: { id: string }[] }).instances[0]!.id;
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

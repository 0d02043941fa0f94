// The emulator clock (issue 2, DESIGN 6): read, freeze (now or at a time), advance by a duration,
// resume, back to real time; every timestamp the emulator writes comes from it.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { type ControlAnswer, controlApi, rawControl } from "../helpers/control-client.js";

const emu = await startTestEmulator();
const ctl = rawControl(emu);
const ctlApi = controlApi(emu);
const api = (path: string, init: Parameters<typeof request>[1] = {}) => request(`${emu.url}/resources/v3alpha${path}`, { token: emu.adminPat, ...init });

const clock = async () => {
  const r = await ctlApi.clock();
  assert.equal(r.status, 200);
  return r.body;
};
/** A clock route's answer, once it is 200. */
const ok = async <A, E>(call: Promise<ControlAnswer<A, E>>) => {
  const r = await call;
  assert.equal(r.status, 200, r.text);
  return r.body;
};
const post = {
  _freeze: (body?: { at?: string }) => ok(ctlApi.freezeClock(body && { body })),
  _advance: (body: { by: string }) => ok(ctlApi.advanceClock({ body })),
  _resume: () => ok(ctlApi.resumeClock()),
  _reset: () => ok(ctlApi.realClock()),
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let n = 0;
const createTarget = async () => {
  const r = await api("/targets", { method: "POST", json: { name: `t${n++}`, restWebhook: { url: "http://localhost:9999/h" }, timeout: "10s" } });
  assert.equal(r.status, 201, r.text);
  return r.body as { details: { id: string; changeDate: string } };
};
const eventOf = async (id: string) => (await ctlApi.events({ query: { aggregateId: id } })).body.events;

const T = "2030-05-01T10:00:00.250Z";
const T90 = "2030-05-01T11:30:00.250Z";

describe("clock", () => {
  it("reads real time while running", async () => {
    const before = Date.now();
    const c = await clock();
    assert.deepEqual(Object.keys(c), ["now", "frozen", "offsetMs"]);
    assert.deepEqual([c.frozen, c.offsetMs], [false, 0]);
    assert.ok(Date.parse(c.now) >= before - 1 && Date.parse(c.now) <= Date.now() + 1, c.now);
  });

  it("freezes at a given time; what is written carries exactly that time", async () => {
    const frozen = await post._freeze({ at: "2030-05-01T10:00:00.250Z" });
    assert.deepEqual([frozen.now, frozen.frozen], [T, true]);
    assert.ok(Math.abs(frozen.offsetMs - (Date.parse(T) - Date.now())) < 1000);
    await sleep(30);
    assert.equal((await clock()).now, T);
    const { details } = await createTarget();
    assert.equal(details.changeDate, T);
    assert.deepEqual(
      (await eventOf(details.id)).map((e) => e.createdAt),
      [T],
    );
  });

  it("advances by 1h30m to exactly 90 minutes later", async () => {
    const { details } = await createTarget();
    const advanced = await post._advance({ by: "1h30m" });
    assert.deepEqual([advanced.now, advanced.frozen], [T90, true]);
    assert.equal(Date.parse(advanced.now) - Date.parse(details.changeDate), 90 * 60_000);
    const patched = await api(`/targets/${details.id}`, { method: "PATCH", json: { timeout: "20s" } });
    assert.equal(patched.status, 200, patched.text);
    assert.equal((patched.body as { details: { changeDate: string } }).details.changeDate, T90);
    assert.deepEqual(
      (await eventOf(details.id)).map((e) => e.createdAt),
      [T, T90],
    );
  });

  it("reads every duration form exactly", async () => {
    for (const [by, ms] of [
      ["90s", 90_000],
      ["1.5s", 1_500],
      ["250ms", 250],
      ["1d", 86_400_000],
      ["2h45m30s", 9_930_000],
      ["0s", 0],
    ] as const) {
      const before = Date.parse((await clock()).now);
      assert.equal(Date.parse((await post._advance({ by })).now) - before, ms, by);
    }
    await post._freeze({ at: T90 });
  });

  it("resumes from where it stood and runs on", async () => {
    const resumed = await post._resume();
    assert.equal(resumed.frozen, false);
    assert.ok(Date.parse(resumed.now) >= Date.parse(T90) && Date.parse(resumed.now) < Date.parse(T90) + 5_000, resumed.now);
    await sleep(40);
    const later = await clock();
    assert.equal(later.frozen, false);
    assert.ok(Date.parse(later.now) >= Date.parse(resumed.now) + 35, `${later.now} after ${resumed.now}`);
    const { details } = await createTarget();
    const after = await clock();
    const written = Date.parse(details.changeDate);
    assert.ok(written >= Date.parse(later.now) && written <= Date.parse(after.now), details.changeDate);
  });

  it("advances a running clock by exactly the duration", async () => {
    const before = await clock();
    const advanced = await post._advance({ by: "1h" });
    assert.deepEqual([advanced.frozen, advanced.offsetMs - before.offsetMs], [false, 3_600_000]);
  });

  it("freezes now when given no time", async () => {
    const running = Date.parse((await clock()).now);
    for (const json of [undefined, {}]) {
      const frozen = await post._freeze(json);
      assert.equal(frozen.frozen, true);
      assert.ok(Date.parse(frozen.now) >= running && Date.parse(frozen.now) < running + 5_000, frozen.now);
      await sleep(20);
      assert.equal((await clock()).now, frozen.now);
      await post._resume();
    }
  });

  it("refuses a duration it cannot read with 400 {code:3}, and does not move", async () => {
    const at = (await post._freeze({ at: T })).now;
    for (const by of ["soon", "10", "1h 30m", "-1h", "", "1.5", "h", "1w", "1h30"]) {
      const r = await ctlApi.advanceClock({ body: { by } });
      assert.deepEqual([r.status, r.body], [400, { code: 3, message: `"by" must be a duration like "90s", "15m" or "1h30m", not ${JSON.stringify(by)}` }], by);
    }
    const huge = await ctlApi.advanceClock({ body: { by: "100000000d" } });
    assert.deepEqual([huge.status, huge.body], [400, { code: 3, message: '"by" "100000000d" moves the clock past the latest time it can represent' }]);
    for (const json of [{}, { by: "1h", extra: true }]) {
      const r = await ctl("/clock/_advance", { method: "POST", json });
      assert.deepEqual([r.status, r.error.code], [400, 3], JSON.stringify(json));
    }
    for (const json of [{ at: "tomorrow" }, { at: "2030-13-01T00:00:00Z" }, { when: T }]) {
      const r = await ctl("/clock/_freeze", { method: "POST", json });
      assert.deepEqual([r.status, r.error.code], [400, 3], JSON.stringify(json));
    }
    assert.deepEqual([(await clock()).now, (await clock()).frozen], [at, true]);
  });

  it("goes back to real time with _reset and with a reset of the emulator", async () => {
    await post._advance({ by: "10h" });
    const r = await post._reset();
    assert.deepEqual([r.frozen, r.offsetMs], [false, 0]);
    assert.ok(Math.abs(Date.parse(r.now) - Date.now()) < 1_000);
    await post._freeze({ at: "2001-01-01T00:00:00Z" });
    assert.equal((await ctlApi.reset()).status, 200);
    const c = await clock();
    assert.deepEqual([c.frozen, c.offsetMs], [false, 0]);
  });
});

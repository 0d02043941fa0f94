// The library handle (DESIGN 1, issue 11 item 4): its typed events (eventCommitted, targetCalled,
// reset, closed), clock, snapshots, fixtures by content or explicit path, the internals behind a
// separate export, and two emulators in one process that share nothing.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultFixtures, startEmulator, type Emulator, type StoredEvent, type TargetCall } from "../../emulator/src/index.js";
import { internals } from "../../emulator/src/internal.js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";

const SVC = "svc.resources.action.v3alpha.SvcActions";

/** A target pointed at the emulator's own sink, called on every GetTarget; answers the target's id. */
async function sinkTargetOnGetTarget(emu: Emulator, name: string): Promise<string> {
  const created = await request(`${emu.url}/resources/v3alpha/targets`, {
    method: "POST",
    token: emu.adminPat,
    json: { name, restWebhook: { url: `${emu.url}/emulator/v1/sink/${name}` }, timeout: "5s" },
  });
  assert.equal(created.status, 201, created.text);
  const id = (created.body as { details: { id: string } }).details.id;
  const put = await request(`${emu.url}/resources/v3alpha/executions`, {
    method: "POST",
    token: emu.adminPat,
    json: { condition: { request: { method: `/${SVC}/GetTarget` } }, targets: [id] },
  });
  // 201 for a new condition, 200 when it replaces the execution of one already set.
  assert.ok(put.status === 201 || put.status === 200, put.text);
  return id;
}

const getTarget = (emu: Emulator, id: string) => request(`${emu.url}/resources/v3alpha/targets/${id}`, { token: emu.adminPat });

describe("the library handle", () => {
  it("emits eventCommitted for each committed event, in log order, and stops when the listener is removed", async () => {
    const emu = await startTestEmulator();
    const heard: StoredEvent[] = [];
    const off = emu.on("eventCommitted", (e) => heard.push(e));
    const id = await sinkTargetOnGetTarget(emu, "committed");
    const log = (await control(emu).as("events", `/events?aggregateId=${id}`)).body.events;
    assert.deepEqual(
      heard.filter((e) => e.aggregateId === id),
      log,
    );
    assert.deepEqual(
      heard.map((e) => e.position),
      [...heard.map((e) => e.position)].sort((a, b) => a - b),
    );
    off();
    const before = heard.length;
    await sinkTargetOnGetTarget(emu, "unheard");
    assert.equal(heard.length, before);
  });

  it("emits targetCalled with the recorded call", async () => {
    const emu = await startTestEmulator();
    const id = await sinkTargetOnGetTarget(emu, "called");
    const calls: TargetCall[] = [];
    emu.on("targetCalled", (c) => calls.push(c));
    assert.equal((await getTarget(emu, id)).status, 200);
    const recorded = (await control(emu).as("targetCalls", `/target-calls?targetId=${id}`)).body.calls;
    assert.equal(recorded.length, 1);
    assert.deepEqual(calls, recorded);
  });

  it("emits reset for reset() and for the control API's POST reset, after the seeded state is back", async () => {
    const emu = await startTestEmulator();
    let resets = 0;
    let targetsAtReset = -1;
    emu.on("reset", () => {
      resets++;
      targetsAtReset = (internals(emu).core.db.stmt("SELECT COUNT(*) AS n FROM targets").get() as { n: number }).n;
    });
    await sinkTargetOnGetTarget(emu, "gone");
    emu.reset();
    assert.deepEqual([resets, targetsAtReset], [1, 0]);
    await sinkTargetOnGetTarget(emu, "gone-too");
    assert.equal((await control(emu)("/reset", { method: "POST" })).status, 200);
    assert.deepEqual([resets, targetsAtReset], [2, 0]);
  });

  it("emits closed once, after the port is free; a second close waits for the first", async () => {
    const emu = await startEmulator({ port: 0, inMemory: true });
    let closed = 0;
    emu.once("closed", () => closed++);
    await Promise.all([emu.close(), emu.close()]);
    assert.equal(closed, 1);
    await assert.rejects(fetch(`${emu.url}/emulator/v1/health`));
  });

  it("keeps going when a listener throws: the command stays committed and the other listeners hear it", async () => {
    const emu = await startTestEmulator();
    const heard: string[] = [];
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      emu.on("eventCommitted", () => {
        throw new Error("a subscriber's bug");
      });
      emu.on("eventCommitted", (e) => heard.push(e.type));
      await sinkTargetOnGetTarget(emu, "still-there");
    } finally {
      console.error = consoleError;
    }
    assert.ok(heard.includes("target.added"));
    assert.ok(errors.length > 0);
    const names = (
      (await request(`${emu.url}/resources/v3alpha/targets/_search`, { method: "POST", token: emu.adminPat, json: [] })).body as {
        result: { target: { name: string } }[];
      }
    ).result;
    assert.deepEqual(
      names.map((r) => r.target.name),
      ["still-there"],
    );
  });

  it("moves the clock: freeze, advance by a duration or milliseconds, resume, reset; refuses what is no duration", async () => {
    const emu = await startTestEmulator();
    const frozen = emu.clock.freeze("2030-01-01T00:00:00.000Z");
    assert.deepEqual([frozen.now, frozen.frozen], ["2030-01-01T00:00:00.000Z", true]);
    assert.equal(emu.clock.advance("1h30m").now, "2030-01-01T01:30:00.000Z");
    assert.equal(emu.clock.advance(500).now, "2030-01-01T01:30:00.500Z");
    const seen = (await control(emu).as("clock", "/clock")).body;
    assert.deepEqual([seen.now, seen.frozen], ["2030-01-01T01:30:00.500Z", true]);
    assert.throws(() => emu.clock.advance("soon"), RangeError);
    assert.throws(() => emu.clock.advance("9999999999d"), RangeError);
    assert.throws(() => emu.clock.freeze("not a time"), RangeError);
    assert.equal(emu.clock.now().toISOString(), "2030-01-01T01:30:00.500Z");
    assert.equal(emu.clock.resume().frozen, false);
    const real = emu.clock.reset();
    assert.deepEqual([real.frozen, real.offsetMs], [false, 0]);
  });

  it("saves, lists, restores and deletes snapshots", async () => {
    const emu = await startTestEmulator();
    const saved = emu.snapshot("empty");
    assert.equal(saved.name, "empty");
    await sinkTargetOnGetTarget(emu, "later");
    assert.deepEqual(
      emu.snapshots().map((s) => s.name),
      ["empty"],
    );
    emu.restore("empty");
    assert.equal((internals(emu).core.db.stmt("SELECT COUNT(*) AS n FROM targets").get() as { n: number }).n, 0);
    assert.throws(() => emu.restore("nothing"), /no snapshot named nothing/);
    assert.deepEqual([emu.deleteSnapshot("empty"), emu.deleteSnapshot("empty")], [true, false]);
  });

  it("shows only the contract: the core is reached through svc-emulator/internal", async () => {
    const emu = await startTestEmulator();
    assert.deepEqual(Object.keys(emu).sort(), [
      "adminPat",
      "clock",
      "close",
      "consoleToken",
      "deleteSnapshot",
      "faults",
      "instances",
      "issuer",
      "off",
      "on",
      "once",
      "port",
      "requests",
      "reset",
      "restore",
      "snapshot",
      "snapshots",
      "uiLink",
      "url",
    ]);
    assert.equal(typeof internals(emu).core.events.list, "function");
    assert.throws(() => internals({ ...emu }), TypeError);
  });
});

describe("fixtures by content or explicit path", () => {
  it("seeds from the built-in default, from a given object, and from a given file", async () => {
    const fromDefault = await startTestEmulator();
    const names = async (emu: Emulator) => (await control(emu).as("instances", "/instances")).body.instances.map((i) => i.name);
    const defaultNames = await names(fromDefault);
    assert.deepEqual(
      defaultNames,
      defaultFixtures().instances.map((i) => i.name),
    );

    const changed = defaultFixtures();
    changed.instances[0]!.name = "Given as content";
    assert.deepEqual(await names(await startTestEmulator({ fixtures: changed })), ["Given as content"]);
    // defaultFixtures() gives a copy: changing one changed nothing for the next.
    assert.deepEqual(
      defaultFixtures().instances.map((i) => i.name),
      defaultNames,
    );

    const dir = mkdtempSync(join(tmpdir(), "svc-emulator-handle-"));
    try {
      const file = join(dir, "seed.json");
      changed.instances[0]!.name = "Given as a file";
      writeFileSync(file, JSON.stringify(changed));
      assert.deepEqual(await names(await startTestEmulator({ fixtures: file })), ["Given as a file"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("two emulators in one process", () => {
  it("share nothing: data, events, target calls, clock, snapshots, reset", async () => {
    const a = await startTestEmulator({ seed: 1 });
    const b = await startTestEmulator({ seed: 1 });
    const heard = { a: [] as string[], b: [] as string[], callsA: [] as TargetCall[], callsB: [] as TargetCall[], resetsB: 0 };
    a.on("eventCommitted", (e) => heard.a.push(e.aggregateId));
    b.on("eventCommitted", (e) => heard.b.push(e.aggregateId));
    a.on("targetCalled", (c) => heard.callsA.push(c));
    b.on("targetCalled", (c) => heard.callsB.push(c));
    b.on("reset", () => heard.resetsB++);

    // Same seed, same first id: anything shared would show up on the other side.
    const idA = await sinkTargetOnGetTarget(a, "only-in-a");
    assert.ok(heard.a.includes(idA));
    assert.deepEqual(heard.b, []);
    assert.equal((await getTarget(b, idA)).status, 404);
    assert.equal((await getTarget(a, idA)).status, 200);
    assert.equal(heard.callsA.length, 1);
    assert.deepEqual(heard.callsB, []);
    assert.deepEqual((await control(b).as("targetCalls", "/target-calls")).body.calls, []);

    // A live stream of b's calls hears nothing of a's.
    const stream = await fetch(`${b.url}/emulator/v1/target-calls/stream`, { headers: { authorization: `Bearer ${b.consoleToken}` } });
    const reader = stream.body!.getReader();
    await reader.read(); // the opening comment
    assert.equal((await getTarget(a, idA)).status, 200);
    const next = await Promise.race([reader.read().then(() => "heard"), new Promise((r) => setTimeout(() => r("silent"), 300))]);
    assert.equal(next, "silent");
    await reader.cancel();

    a.clock.freeze("2030-01-01T00:00:00Z");
    assert.equal(b.clock.state().frozen, false);
    a.snapshot("a-only");
    assert.deepEqual(b.snapshots(), []);
    a.reset();
    assert.equal(heard.resetsB, 0);
    assert.notEqual(a.consoleToken, b.consoleToken);
    assert.equal((await request(`${b.url}/emulator/v1/clock`, { token: a.consoleToken })).status, 401);
  });
});

// The event store (DESIGN 4): a command is all or nothing, even when its second event breaks a
// projection; projections rebuilt from the events equal the ones kept up to date.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { allProjections } from "../../emulator/src/domain/projections.js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { internals } from "../../emulator/src/internal.js";

const emu = await startTestEmulator();
const { db, events } = internals(emu).core;
const instanceId = (db.stmt("SELECT id FROM instances WHERE is_default = 1").get() as { id: string }).id;
const count = (sql: string) => (db.stmt(sql).get() as { n: number }).n;

const added = (id: string, name: string) => ({
  instanceId,
  aggregateType: "target",
  aggregateId: id,
  type: "target.added",
  payload: { name, targetType: "rest_webhook", url: "http://localhost:1/h", timeoutMs: 1000, isAsync: false, interruptOnError: false },
  creator: "test",
  resourceOwner: instanceId,
});

describe("event store", () => {
  it("appends nothing and projects nothing when one event of a command fails", () => {
    const eventsBefore = count("SELECT COUNT(*) AS n FROM events");
    const heard: unknown[] = [];
    const off = events.subscribe((e) => heard.push(e));
    assert.throws(
      () => events.push([added("900000000000000001", "same"), added("900000000000000002", "same")]),
      /UNIQUE constraint failed: targets.instance_id, targets.name/,
    );
    off();
    assert.equal(count("SELECT COUNT(*) AS n FROM events"), eventsBefore);
    assert.equal(count("SELECT COUNT(*) AS n FROM targets"), 0);
    assert.deepEqual(heard, []);
  });

  it("numbers events per aggregate and tells listeners after the commit", () => {
    const heard: { aggregateSequence: number }[][] = [];
    const off = events.subscribe((e) => heard.push(e));
    const [first] = events.push([added("900000000000000003", "one")]);
    off();
    assert.equal(first!.aggregateSequence, 1);
    assert.deepEqual(
      heard.map((batch) => batch.map((e) => e.aggregateSequence)),
      [[1]],
    );
  });

  it("stores the first event of a new aggregate as sequence 1 without a lookup, and refuses it for an id that has events", () => {
    const noted = (id: string) => ({
      instanceId,
      aggregateType: "test_note",
      aggregateId: id,
      type: "test_note.added",
      payload: { n: 1 },
      creator: "test",
      resourceOwner: instanceId,
    });
    const last = events.latest(instanceId)!.position;
    const [first] = events.push([{ ...noted("900000000000000020"), firstOfAggregate: true }]);
    assert.equal(first!.aggregateSequence, 1);
    assert.ok(first!.position > last);
    assert.deepEqual(
      events.list({ aggregateId: "900000000000000020" }).map((e) => [e.position, e.aggregateSequence, e.payload]),
      [[first!.position, 1, { n: 1 }]],
    );
    // An id that already has events is not a new aggregate: the unique sequence refuses it, nothing is stored.
    const eventsBefore = count("SELECT COUNT(*) AS n FROM events");
    assert.throws(() => events.push([{ ...noted("900000000000000020"), firstOfAggregate: true }]), /UNIQUE constraint failed: events\./);
    assert.equal(count("SELECT COUNT(*) AS n FROM events"), eventsBefore);
    const [second] = events.push([noted("900000000000000020")]);
    assert.equal(second!.aggregateSequence, 2);
  });

  it("announces the commands of an outer transaction only after it commits, and nothing of one rolled back", () => {
    const heard: string[][] = [];
    const off = events.subscribe((e) => heard.push(e.map((x) => x.aggregateId)));
    db.transaction(() => {
      events.push([added("900000000000000010", "outer-1")]);
      // A nested command that fails rolls back alone (a savepoint); the outer transaction goes on.
      assert.throws(() => events.push([added("900000000000000011", "inner"), added("900000000000000012", "inner")]), /UNIQUE constraint failed/);
      events.push([added("900000000000000013", "outer-2")]);
      assert.deepEqual(heard, [], "nothing is announced before the outermost commit");
    });
    assert.deepEqual(heard, [["900000000000000010"], ["900000000000000013"]]);
    heard.length = 0;
    assert.throws(() =>
      db.transaction(() => {
        events.push([added("900000000000000014", "rolled-back")]);
        throw new Error("abort");
      }),
    );
    off();
    assert.deepEqual(heard, [], "a rolled-back transaction announces nothing");
    assert.equal(count("SELECT COUNT(*) AS n FROM targets WHERE name IN ('inner', 'rolled-back')"), 0);
    assert.equal(count("SELECT COUNT(*) AS n FROM targets WHERE name IN ('outer-1', 'outer-2')"), 2);
  });

  it("rebuilds the projections from the events to the same rows", async () => {
    for (const name of ["r1", "r2"]) {
      const r = await request(`${emu.url}/resources/v3alpha/targets`, {
        method: "POST",
        token: emu.adminPat,
        json: { name, restWebhook: { url: "http://localhost:1/h" }, timeout: "1s" },
      });
      assert.equal(r.status, 201);
    }
    await request(`${emu.url}/resources/v3alpha/executions`, {
      method: "POST",
      token: emu.adminPat,
      json: { condition: { event: { all: true } }, targets: [] },
    });
    const snapshot = () =>
      ["targets", "executions", "users", "orgs", "instances", "memberships", "personal_access_tokens"].map((t) =>
        db.stmt(`SELECT * FROM ${t} ORDER BY 1, 2`).all(),
      );
    const before = snapshot();
    allProjections().rebuild(db, events.list({}));
    assert.deepEqual(snapshot(), before);
  });
});

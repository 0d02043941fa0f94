// renderer/src/screens/actions/sample-events.ts: the event types the actions screen offers, each
// with a sample payload a running emulator's control API fires, and the sample for a typed-in type.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { EVENT_TYPES, SAMPLE_EVENTS, samplePayload } from "../../renderer/src/screens/actions/sample-events.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { controlApi } from "../helpers/control-client.js";

const emu = await startTestEmulator();
const ctl = controlApi(emu);

describe("SAMPLE_EVENTS", () => {
  it("are each fired by the control API with their sample payload", async () => {
    const instanceId = (await ctl.instances()).body.instances[0]!.id;
    assert.deepEqual(EVENT_TYPES, Object.keys(SAMPLE_EVENTS));
    for (const type of EVENT_TYPES) {
      const r = await ctl.fireEvent({ body: { instanceId, type, payload: JSON.parse(samplePayload(type)) } });
      assert.equal(r.status, 200, `${type}: ${r.text}`);
      assert.deepEqual(r.body, { executionId: null, calls: [] }, `${type}: no execution listens yet`);
    }
  });
});

describe("samplePayload", () => {
  it("is the type's sample as indented JSON", () => {
    assert.equal(samplePayload("org.added"), '{\n  "name": "Acme"\n}');
    for (const type of EVENT_TYPES) assert.deepEqual(JSON.parse(samplePayload(type)), SAMPLE_EVENTS[type]);
  });

  it("is an empty object for any other typed-in type, names of Object's own properties included", () => {
    for (const type of ["", "user.human.changed", "constructor", "toString", "__proto__", "hasOwnProperty", "x".repeat(10_000)])
      assert.equal(samplePayload(type), "{}", JSON.stringify(type.slice(0, 20)));
  });
});

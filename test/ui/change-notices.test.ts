// Which cached data a change notice makes stale (renderer/src/api/change-notices.ts), without a
// browser: each topic its own keys, a clock move the faults too, an instance only when it is new,
// and everything after rows were put back.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { LIVE_ROOTS, staleRootsOf } from "../../renderer/src/api/change-notices.js";

const known = (id: string) => id === "known";

describe("staleRootsOf", () => {
  it("names the keys of each topic", () => {
    assert.deepEqual(staleRootsOf({ topic: "clock" }, known), ["clock", "faults"]);
    assert.deepEqual(staleRootsOf({ topic: "snapshots" }, known), ["snapshots"]);
    assert.deepEqual(staleRootsOf({ topic: "faults", instanceId: "known" }, known), ["faults"]);
    assert.deepEqual(staleRootsOf({ topic: "faults" }, known), ["faults"]);
    assert.deepEqual(staleRootsOf({ topic: "jobs", instanceId: "known" }, known), ["jobs"]);
  });

  it("reads the session again for an instance it does not know, not for one it knows", () => {
    assert.deepEqual(staleRootsOf({ topic: "instances", instanceId: "new" }, known), [LIVE_ROOTS.session]);
    assert.deepEqual(staleRootsOf({ topic: "instances", instanceId: "known" }, known), []);
    assert.deepEqual(staleRootsOf({ topic: "instances" }, known), []);
  });

  it("makes everything stale after a reset or restore, of the whole emulator or one instance", () => {
    assert.equal(staleRootsOf({ topic: "state" }, known), "all");
    assert.equal(staleRootsOf({ topic: "state", instanceId: "known" }, known), "all");
  });

  it("treats a topic it does not know as rows put back (reads everything), never as nothing", () => {
    assert.equal(staleRootsOf({ topic: "unheard-of" } as never, known), "all");
  });
});

// Reset and named snapshots (issue 2, DESIGN 10): reset goes back to the seeded state completely;
// snapshots save, list, restore exactly and delete; on a data dir they survive a restart.

import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../emulator/src/index.js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";

const emu = await startTestEmulator();
const ctl = control(emu);

const api =
  (e: Emulator) =>
  (path: string, init: Parameters<typeof request>[1] = {}) =>
    request(`${e.url}/resources/v3alpha${path}`, { token: e.adminPat, ...init });
const createTarget = async (e: Emulator, name: string) => {
  const r = await api(e)("/targets", { method: "POST", json: { name, restWebhook: { url: "http://localhost:9999/h" }, timeout: "10s" } });
  assert.equal(r.status, 201, r.text);
  return (r.body as { details: { id: string } }).details.id;
};
const allEvents = async (c = ctl) => {
  const r = await c.as("events", "/events?limit=1000");
  assert.equal(r.status, 200);
  return r.body.events;
};
const targetNames = async (e: Emulator) => {
  const r = await api(e)("/targets/_search", { method: "POST", json: [] });
  assert.equal(r.status, 200, r.text);
  return ((r.body as { result?: { target: { name: string } }[] }).result ?? []).map((t) => t.target.name).sort();
};
const TARGET_NOT_FOUND = {
  code: 5,
  message: "Target not found (COMMAND-xj14f2cccn)",
  details: [{ "@type": "type.googleapis.com/svc.v1.ErrorDetail", id: "COMMAND-xj14f2cccn", message: "Target not found" }],
};

describe("reset", () => {
  it("brings back the seeded state completely; the adminPat keeps working", async () => {
    const seeded = await allEvents();
    assert.ok(seeded.length > 0);
    const id = await createTarget(emu, "t1");
    assert.equal((await api(emu)(`/targets/${id}`)).status, 200);
    await ctl("/clock/_advance", { method: "POST", json: { by: "2h" } });
    assert.equal((await allEvents()).length, seeded.length + 1);

    const r = await ctl("/reset", { method: "POST" });
    assert.deepEqual([r.status, r.body], [200, { reset: true }]);

    const gone = await api(emu)(`/targets/${id}`);
    assert.deepEqual([gone.status, gone.body], [404, TARGET_NOT_FOUND]);
    assert.deepEqual(await allEvents(), seeded);
    assert.deepEqual(await targetNames(emu), []);
    assert.deepEqual((await ctl.as("clock", "/clock")).body.offsetMs, 0);
    // The same name is free again, and the adminPat still writes.
    await createTarget(emu, "t1");
    assert.deepEqual(await targetNames(emu), ["t1"]);
    await ctl("/reset", { method: "POST" });
  });
});

describe("snapshots", () => {
  it("saves (201, then 200 when overwriting), lists, restores exactly and deletes", async () => {
    await ctl("/clock/_freeze", { method: "POST", json: { at: "2031-02-03T04:05:06.789Z" } });
    await createTarget(emu, "before");
    const saved = await ctl.as("saveSnapshot", "/snapshots", { method: "POST", json: { name: "one" } });
    assert.equal(saved.status, 201, saved.text);
    const info = saved.body;
    assert.deepEqual(Object.keys(info), ["name", "createdAt", "sizeBytes"]);
    assert.equal(info.name, "one");
    assert.equal(info.createdAt, "2031-02-03T04:05:06.789Z");
    assert.ok(Number.isInteger(info.sizeBytes) && info.sizeBytes > 0);
    const atSave = await allEvents();

    await ctl("/clock/_advance", { method: "POST", json: { by: "1m" } });
    const again = await ctl.as("saveSnapshot", "/snapshots", { method: "POST", json: { name: "one" } });
    assert.deepEqual([again.status, again.body.createdAt], [200, "2031-02-03T04:06:06.789Z"]);
    assert.equal((await ctl("/snapshots", { method: "POST", json: { name: "b.2_x-y" } })).status, 201);
    const listed = await ctl("/snapshots");
    assert.deepEqual(listed.body, {
      snapshots: [
        { ...info, name: "b.2_x-y", createdAt: "2031-02-03T04:06:06.789Z" },
        { ...info, createdAt: "2031-02-03T04:06:06.789Z" },
      ],
    });

    const later = await createTarget(emu, "after");
    await api(emu)("/targets/_search", { method: "POST", json: [] });
    const restored = await ctl("/snapshots/one/_restore", { method: "POST" });
    assert.deepEqual([restored.status, restored.body], [200, { restored: "one" }]);
    assert.deepEqual(await allEvents(), atSave);
    assert.deepEqual(await targetNames(emu), ["before"]);
    assert.equal((await api(emu)(`/targets/${later}`)).status, 404);
    // Restoring twice gives the same state; the snapshot is not used up.
    assert.equal((await ctl("/snapshots/one/_restore", { method: "POST" })).status, 200);
    assert.deepEqual(await allEvents(), atSave);

    assert.deepEqual((await ctl("/snapshots/one", { method: "DELETE" })).body, { deleted: "one" });
    assert.deepEqual((await ctl("/snapshots/b.2_x-y", { method: "DELETE" })).body, { deleted: "b.2_x-y" });
    assert.deepEqual((await ctl("/snapshots")).body, { snapshots: [] });
    await ctl("/reset", { method: "POST" });
  });

  it("keeps snapshots across a reset", async () => {
    await createTarget(emu, "kept");
    assert.equal((await ctl("/snapshots", { method: "POST", json: { name: "keep" } })).status, 201);
    await ctl("/reset", { method: "POST" });
    assert.deepEqual(await targetNames(emu), []);
    assert.equal((await ctl("/snapshots/keep/_restore", { method: "POST" })).status, 200);
    assert.deepEqual(await targetNames(emu), ["kept"]);
    await ctl("/snapshots/keep", { method: "DELETE" });
    await ctl("/reset", { method: "POST" });
  });

  it("answers 404 for unknown names", async () => {
    for (const [method, path] of [
      ["POST", "/snapshots/nope/_restore"],
      ["DELETE", "/snapshots/nope"],
    ]) {
      const r = await ctl(path!, { method });
      assert.deepEqual([r.status, r.body], [404, { code: 5, message: "No snapshot named nope" }]);
    }
  });

  it("answers 400 {code:3} for invalid names and bodies, and saves nothing", async () => {
    for (const json of [
      { name: "../etc" },
      { name: "" },
      { name: ".hidden" },
      { name: "a b" },
      { name: "x".repeat(65) },
      { name: null },
      { name: 7 },
      { name: ["seven"] },
      {},
      { name: "ok", extra: 1 },
    ]) {
      const r = await ctl("/snapshots", { method: "POST", json });
      assert.equal(r.status, 400, JSON.stringify(json));
      assert.equal(r.error.code, 3);
      assert.deepEqual(Object.keys(r.error), ["code", "message"]);
    }
    assert.equal((await ctl("/snapshots/.hidden/_restore", { method: "POST" })).status, 400);
    assert.equal((await ctl("/snapshots/a%2Fb", { method: "DELETE" })).status, 400);
    assert.deepEqual((await ctl("/snapshots")).body, { snapshots: [] });
  });
});

describe("snapshots on a data dir", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "svc-emulator-snapshots-"));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it("survive a restart and restore there", async () => {
    const first = await startEmulator({ port: 0, dataDir });
    let saved: unknown;
    try {
      const c = control(first);
      await c("/clock/_freeze", { method: "POST", json: { at: "2032-01-01T00:00:00Z" } });
      await createTarget(first, "saved");
      const r = await c("/snapshots", { method: "POST", json: { name: "disk" } });
      assert.equal(r.status, 201, r.text);
      saved = r.body;
      await createTarget(first, "unsaved");
    } finally {
      await first.close();
    }

    const second = await startEmulator({ port: 0, dataDir });
    try {
      const c = control(second);
      assert.deepEqual((await c("/snapshots")).body, { snapshots: [saved] });
      assert.deepEqual(await targetNames(second), ["saved", "unsaved"]);
      assert.deepEqual((await c("/snapshots/disk/_restore", { method: "POST" })).body, { restored: "disk" });
      assert.deepEqual(await targetNames(second), ["saved"]);
      await c("/reset", { method: "POST" });
      assert.deepEqual(await targetNames(second), []);
      await c("/snapshots/disk/_restore", { method: "POST" });
      assert.deepEqual(await targetNames(second), ["saved"]);
      assert.deepEqual((await c("/snapshots/disk", { method: "DELETE" })).body, { deleted: "disk" });
      assert.deepEqual((await c("/snapshots")).body, { snapshots: [] });
    } finally {
      await second.close();
    }
  });
});

describe("snapshots with deterministic ids (seed option)", () => {
  it("after reset and restore, new writes never reuse an id the snapshot holds", async () => {
    const seeded = await startTestEmulator({ seed: 7 });
    const sctl = control(seeded);
    const first = await createTarget(seeded, "kept");
    assert.equal((await sctl("/snapshots", { method: "POST", json: { name: "with-kept" } })).status, 201);
    assert.equal((await sctl("/reset", { method: "POST" })).status, 200);
    // After the reset the generator is back at its seeded state, so it would hand out `first` again.
    assert.equal((await sctl("/snapshots/with-kept/_restore", { method: "POST" })).status, 200);
    const second = await createTarget(seeded, "new");
    assert.notEqual(second, first);
    assert.ok(BigInt(second) > BigInt(first));
    assert.deepEqual(await targetNames(seeded), ["kept", "new"]);
  });
});

// GET /emulator/v1/changes/stream (issue 25): one `change` server-sent event per change a UI screen
// shows, naming what changed (clock, snapshots, faults, jobs, instances, rows put back), so the UI
// reads it again instead of polling; a burst comes as a few notices; refused requests send none.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { control, request, startTestEmulator } from "../helpers/emulator.js";
import { controlApi } from "../helpers/control-client.js";

const emu = await startTestEmulator();
const ctl = control(emu);
const ctlApi = controlApi(emu);
const instanceId = (await ctlApi.instances()).body.instances[0]!.id;

interface Notice {
  topic: string;
  instanceId?: string;
}

/** An open change stream: the notices heard so far, and a bounded wait for more. */
async function openChanges() {
  const stream = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get(`${emu.url}/emulator/v1/changes/stream`, { headers: { authorization: `Bearer ${emu.consoleToken}` } }, resolve).on("error", reject),
  );
  assert.equal(stream.statusCode, 200);
  assert.equal(stream.headers["content-type"], "text/event-stream");
  const heard: Notice[] = [];
  let text = "";
  let wake = () => {};
  stream.on("data", (c: Buffer) => {
    text += c.toString();
    const blocks = text.split("\n\n");
    text = blocks.pop()!;
    for (const block of blocks) {
      if (block.startsWith(":")) continue;
      const m = /^event: change\ndata: (.*)$/.exec(block);
      assert.ok(m, `not a change event: ${JSON.stringify(block)}`);
      heard.push(JSON.parse(m[1]!));
    }
    wake();
  });
  // The stream is open once its first comment arrived.
  await new Promise<void>((resolve) => stream.once("data", () => resolve()));
  return {
    heard,
    /** Waits until `count` notices were heard (at most `ms`); answers them all and forgets them. */
    async take(count: number, ms = 3000): Promise<Notice[]> {
      const until = Date.now() + ms;
      while (heard.length < count && Date.now() < until && !stream.destroyed)
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, Math.max(1, until - Date.now()));
        });
      assert.ok(heard.length >= count, `expected ${count} notice(s) within ${ms} ms, heard ${JSON.stringify(heard)}`);
      return heard.splice(0);
    },
    /** Waits `ms` and answers what came meanwhile (forgotten afterwards). */
    async during(ms: number): Promise<Notice[]> {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return heard.splice(0);
    },
    close: () => stream.destroy(),
  };
}

const QUIET = 250;

describe("change notices", () => {
  it("refuses without the console token, as every control route", async () => {
    const r = await request(`${emu.url}/emulator/v1/changes/stream`);
    assert.deepEqual([r.status, r.body], [401, { code: 16, message: "The control API needs Authorization: Bearer <consoleToken>" }]);
  });

  it("refuses a parameter it does not know (it filters nothing), as the other control routes do", async () => {
    const r = await ctl("/changes/stream?topic=clock");
    assert.deepEqual([r.status, r.body], [400, { code: 3, message: "querystring must NOT have additional properties" }]);
  });

  it("sends nothing while nothing changes", async () => {
    const changes = await openChanges();
    await ctl("/clock");
    await ctl("/snapshots");
    await ctl("/faults");
    await ctl("/jobs");
    assert.deepEqual(await changes.during(QUIET), []);
    changes.close();
  });

  it("names the clock when it is frozen, advanced, resumed or set back to real time, and nothing for a refused change", async () => {
    const changes = await openChanges();
    for (const [path, json] of [
      ["/clock/_freeze", {}],
      ["/clock/_advance", { by: "1h" }],
      ["/clock/_resume", undefined],
      ["/clock/_reset", undefined],
    ] as const) {
      assert.equal((await ctl(path, { method: "POST", json })).status, 200, path);
      assert.deepEqual(await changes.take(1), [{ topic: "clock" }], path);
      await changes.during(QUIET);
    }
    assert.equal((await ctl("/clock/_advance", { method: "POST", json: { by: "soon" } })).status, 400);
    assert.deepEqual(await changes.during(QUIET), []);
    changes.close();
  });

  it("names the snapshots when one is saved or deleted, and the whole state when one is restored", async () => {
    const changes = await openChanges();
    assert.equal((await ctl("/snapshots", { method: "POST", json: { name: "one" } })).status, 201);
    assert.deepEqual(await changes.take(1), [{ topic: "snapshots" }]);
    await changes.during(QUIET);
    assert.equal((await ctl("/snapshots/one/_restore", { method: "POST" })).status, 200);
    assert.deepEqual(await changes.take(1), [{ topic: "state" }]);
    await changes.during(QUIET);
    assert.equal((await ctl("/snapshots/one", { method: "DELETE" })).status, 200);
    assert.deepEqual(await changes.take(1), [{ topic: "snapshots" }]);
    assert.equal((await ctl("/snapshots/one", { method: "DELETE" })).status, 404);
    assert.equal((await ctl("/snapshots", { method: "POST", json: { name: "no/slash" } })).status, 400);
    assert.deepEqual(await changes.during(QUIET), []);
    changes.close();
  });

  it("names the faults of the instance when one is added, hit or removed, and when its time runs out", async () => {
    const changes = await openChanges();
    const added = await ctlApi.addFault({ body: { where: { endpoint: "jwks" }, what: { kind: "http", status: 503 }, times: 1 } });
    assert.equal(added.status, 201, added.text);
    assert.deepEqual(await changes.take(1), [{ topic: "faults", instanceId }]);
    await changes.during(QUIET);
    assert.equal((await request(`${emu.url}/oauth/v2/keys`)).status, 503);
    assert.deepEqual(await changes.take(1), [{ topic: "faults", instanceId }]);
    await changes.during(QUIET);
    // Used up: a second request is answered normally and the fault is not hit again.
    assert.equal((await request(`${emu.url}/oauth/v2/keys`)).status, 200);
    assert.deepEqual(await changes.during(QUIET), []);
    const id = added.body.fault.id;
    assert.equal((await ctl(`/faults/${id}`, { method: "DELETE" })).status, 200);
    assert.deepEqual(await changes.take(1), [{ topic: "faults", instanceId }]);
    await changes.during(QUIET);
    assert.equal((await ctl(`/faults/${id}`, { method: "DELETE" })).status, 404);
    assert.equal((await ctl("/faults", { method: "POST", json: { where: { endpoint: "nowhere" }, what: { kind: "drop" } } })).status, 400);
    assert.deepEqual(await changes.during(QUIET), []);

    assert.equal((await ctl("/faults", { method: "POST", json: { where: { endpoint: "jwks" }, what: { kind: "drop" }, for: "1s" } })).status, 201);
    assert.deepEqual(await changes.take(1), [{ topic: "faults", instanceId }]);
    assert.deepEqual(await changes.take(1, 3000), [{ topic: "faults" }], "the fault's second ran out");
    assert.equal((await ctlApi.faults()).body.faults[0]!.state, "expired");
    assert.equal((await ctl("/faults", { method: "DELETE" })).status, 200);
    await changes.during(QUIET);
    changes.close();
  });

  it("sends no end of a fault while the clock stands still", async () => {
    await ctl("/clock/_freeze", { method: "POST", json: {} });
    const changes = await openChanges();
    assert.equal((await ctl("/faults", { method: "POST", json: { where: { endpoint: "jwks" }, what: { kind: "drop" }, for: "1s" } })).status, 201);
    assert.deepEqual(await changes.take(1), [{ topic: "faults", instanceId }]);
    assert.deepEqual(await changes.during(1500), []);
    assert.equal((await ctlApi.faults()).body.faults[0]!.state, "active");
    await ctl("/faults", { method: "DELETE" });
    await ctl("/clock/_reset", { method: "POST" });
    await changes.during(QUIET);
    changes.close();
  });

  it("sends a burst of fault hits as a few notices: the first at once, the rest once after it", async () => {
    assert.equal((await ctl("/faults", { method: "POST", json: { where: { endpoint: "jwks" }, what: { kind: "http", status: 503 } } })).status, 201);
    const changes = await openChanges();
    for (let i = 0; i < 20; i++) assert.equal((await request(`${emu.url}/oauth/v2/keys`)).status, 503);
    const hits = (await ctlApi.faults()).body.faults[0]!.hits;
    assert.equal(hits, 20);
    const heard = [...(await changes.take(1)), ...(await changes.during(QUIET * 2))];
    assert.ok(heard.length >= 2 && heard.length < 20, `${heard.length} notices for 20 hits`);
    assert.ok(heard.every((n) => n.topic === "faults" && n.instanceId === instanceId));
    await ctl("/faults", { method: "DELETE" });
    await changes.during(QUIET);
    changes.close();
  });

  it("names the jobs of the instance when one starts and until it ends", async () => {
    const changes = await openChanges();
    const started = await ctlApi.startJob({ body: { kind: "export" } });
    assert.equal(started.status, 202, started.text);
    const id = started.body.id;
    for (let i = 0; i < 50 && (await ctlApi.job({ params: { id } })).body.state !== "done"; i++) await new Promise((r) => setTimeout(r, 50));
    const heard = [...(await changes.take(1)), ...(await changes.during(QUIET * 2))];
    assert.deepEqual([...new Set(heard.map((n) => JSON.stringify(n)))], [JSON.stringify({ topic: "jobs", instanceId })]);
    changes.close();
  });

  it("names an instance made through the control API, and an instance whose rows were put back", async () => {
    const changes = await openChanges();
    const made = await ctlApi.createInstance({ body: { name: "Second", domain: "second.localhost" } });
    assert.equal(made.status, 201, made.text);
    const second = made.body.id;
    const heard = [...(await changes.take(1)), ...(await changes.during(QUIET))];
    assert.deepEqual([...new Set(heard.map((n) => JSON.stringify(n)))], [JSON.stringify({ topic: "instances", instanceId: second })]);
    assert.equal((await ctl(`/instances/${second}/_reset`, { method: "POST" })).status, 200);
    assert.deepEqual(await changes.take(1), [{ topic: "state", instanceId: second }]);
    changes.close();
  });

  it("names the changes a test makes through the library handle too (clock, snapshots, faults)", async () => {
    const changes = await openChanges();
    emu.clock.advance("1m");
    assert.deepEqual(await changes.take(1), [{ topic: "clock" }]);
    emu.snapshot("by-handle");
    assert.deepEqual(await changes.take(1), [{ topic: "snapshots" }]);
    emu.deleteSnapshot("by-handle");
    const fault = await emu.faults.add({ where: { endpoint: "jwks" }, what: { kind: "drop" } });
    const heard = [...(await changes.take(2)), ...(await changes.during(QUIET))];
    assert.deepEqual(heard, [{ topic: "snapshots" }, { topic: "faults", instanceId }]);
    fault.remove();
    assert.deepEqual(await changes.take(1), [{ topic: "faults", instanceId }]);
    emu.clock.reset();
    await changes.during(QUIET);
    changes.close();
  });

  it("names the whole state, the clock and the faults after a reset", async () => {
    assert.equal((await ctl("/faults", { method: "POST", json: { where: { endpoint: "jwks" }, what: { kind: "drop" } } })).status, 201);
    const changes = await openChanges();
    assert.equal((await ctl("/reset", { method: "POST" })).status, 200);
    const heard = [...(await changes.take(3)), ...(await changes.during(QUIET))];
    assert.deepEqual(
      heard.map((n) => JSON.stringify(n)).sort(),
      [{ topic: "clock" }, { topic: "faults" }, { topic: "state" }].map((n) => JSON.stringify(n)).sort(),
    );
    changes.close();
  });
});

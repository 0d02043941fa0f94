// The control API's contract (emulator/src/control/routes.ts) against the running server, and the
// generated client (renderer/src/api/control.gen.ts) over the wire: every declared route is served and
// guarded as declared, and the client's paths and queries reach the routes they name.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { CONTROL_PREFIX, CONTROL_ROUTES } from "../../emulator/src/control/routes.js";
import { controlApi, controlPaths, rawControl } from "../helpers/control-client.js";
import { request, startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator();
const api = controlApi(emu);
const NO_TOKEN = { code: 16, message: "The control API needs Authorization: Bearer <consoleToken>" };
const routes = Object.entries(CONTROL_ROUTES).map(([id, r]) => ({ id, ...r, path: r.url.replace(/:\w+/g, "x1").replace(/\*$/, "o1") }));

describe("control API contract", () => {
  it("declares every route once, under unique ids and method + path pairs", () => {
    assert.ok(routes.length >= 60, `${routes.length} routes`);
    assert.equal(new Set(routes.map((r) => `${r.method} ${r.url}`)).size, routes.length);
  });

  it("answers 401 without the console token on every secured route, and serves the open ones to anyone", async () => {
    for (const r of routes) {
      const got = await request(`${emu.url}${CONTROL_PREFIX}${r.path}`, {
        method: r.method,
        json: r.method === "GET" || r.method === "DELETE" ? undefined : {},
      });
      if ("open" in r) assert.notEqual(got.status, 401, `${r.id}: ${got.text}`);
      else assert.deepEqual([got.status, got.body], [401, NO_TOKEN], r.id);
    }
  });

  it("has a handler for every route: with the token none answers the router's 404 or 405", async () => {
    for (const r of routes.filter((r) => !("stream" in r))) {
      const got = await request(`${emu.url}${CONTROL_PREFIX}${r.path}`, {
        method: r.method,
        token: emu.consoleToken,
        json: r.method === "GET" || r.method === "DELETE" ? undefined : {},
      });
      assert.ok(got.status !== 405 && got.text !== '{"code":5,"message":"Not Found"}', `${r.id}: ${got.status} ${got.text}`);
    }
  });

  it("encodes path parameters: an id with / ? # and spaces reaches the route as it was given", async () => {
    const id = "a/b?c#d e%";
    const got = await api.fault({ params: { id } });
    assert.equal(got.status, 404, got.text);
    assert.deepEqual(got.error, { code: 5, message: `No fault ${JSON.stringify(id)}` });
  });

  it("repeats the key of each array item in a query, and leaves out undefined and empty values", async () => {
    const started = await api.startJob({ body: { kind: "export" } });
    assert.equal(started.status, 202, started.text);
    const all = await api.jobs({ query: { state: ["queued", "running", "done"], instanceId: "" } });
    assert.equal(all.status, 200, all.text);
    assert.deepEqual(
      all.body.jobs.map((j) => j.id),
      [started.body.id],
    );
    const none = await api.jobs({ query: { state: ["failed", "cancelled"], instanceId: undefined } });
    assert.deepEqual([none.status, none.body.jobs], [200, []]);
  });

  it("names the stream paths below the prefix, with their queries", () => {
    assert.equal(controlPaths.eventStream({ query: { aggregateType: "org", type: "" } }), "/events/stream?aggregateType=org");
    assert.equal(controlPaths.jobEvents({ params: { id: "j/1" } }), "/jobs/j%2F1/events");
    assert.equal(controlPaths.sink({ params: { name: "demo" } }), "/sink/demo");
  });

  it("lets a test type a request written by hand only as the route its method and path reach", async () => {
    const raw = rawControl(emu);
    const page = await raw.as("events", "/events?aggregate_type=instance&limit=1");
    assert.deepEqual([page.status, page.body.events.length], [200, 1]);
    await assert.rejects(raw.as("clock", "/events"), /GET \/events is not the route clock/);
    await assert.rejects(raw.as("reset", "/reset"), /GET \/reset is not the route reset/);
  });
});

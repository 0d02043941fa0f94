// Who may use the control API (issue 2, DESIGN 11): health and ready answer anyone; every other
// route answers 401 {code:16} before it reads the request, without the console token or with another.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";

const emu = await startTestEmulator();
const control = controlApi(emu);
const ctl = rawControl(emu);
const NO_TOKEN = { code: 16, message: "The control API needs Authorization: Bearer <consoleToken>" };
const BAD_TOKEN = { code: 16, message: "The console token is not valid" };

// Every secured route, with a body that would be valid where one is needed.
const ROUTES: [method: string, path: string, json?: unknown][] = [
  ["POST", "/reset"],
  ["GET", "/snapshots"],
  ["POST", "/snapshots", { name: "s1" }],
  ["POST", "/snapshots/s1/_restore"],
  ["DELETE", "/snapshots/s1"],
  ["GET", "/clock"],
  ["POST", "/clock/_freeze", { at: "2030-01-01T00:00:00Z" }],
  ["POST", "/clock/_advance", { by: "1h" }],
  ["POST", "/clock/_reset"],
  ["POST", "/clock/_resume"],
  ["GET", "/changes/stream"],
  ["GET", "/events"],
  ["GET", "/events?type=target.added&limit=5"],
  ["GET", "/events/stream"],
  ["GET", "/instances"],
  ["PATCH", "/instances/1/features", { multitenancy_resources_api: false }],
  ["GET", "/instances/1/keys"],
  ["POST", "/instances/1/keys/_rotate"],
  ["GET", "/tokens"],
  ["POST", "/tokens/1/_revoke"],
  ["GET", "/sessions"],
  ["POST", "/sessions/1/_terminate"],
  ["GET", "/outbox"],
  ["DELETE", "/outbox"],
  ["GET", "/target-calls"],
  ["GET", "/target-calls/stream"],
  ["POST", "/target-calls/1/_replay"],
  ["POST", "/fire-event", { instance_id: "1", type: "user.added" }],
  ["PUT", "/sinks/demo", { status: 200 }],
  ["GET", "/sinks/demo"],
  ["GET", "/sinks/demo/calls"],
];

const call = (method: string, path: string, json: unknown, authorization?: string) =>
  request(`${emu.url}/emulator/v1${path}`, { method, json, headers: authorization === undefined ? {} : { authorization } });

describe("control API access", () => {
  it("answers health and ready to anyone, with or without a token", async () => {
    for (const authorization of [undefined, "Bearer wrong", `Bearer ${emu.consoleToken}`]) {
      const health = await call("GET", "/health", undefined, authorization);
      assert.deepEqual([health.status, health.body], [200, { status: "ok" }]);
      const ready = await call("GET", "/ready", undefined, authorization);
      assert.deepEqual([ready.status, ready.body], [200, { ready: true }]);
    }
  });

  for (const [method, path, json] of ROUTES) {
    it(`${method} ${path} answers 401 without the console token`, async () => {
      for (const authorization of [undefined, "", `Basic ${emu.consoleToken}`, emu.consoleToken, "Bearer"]) {
        const r = await call(method, path, json, authorization);
        assert.equal(r.status, 401, `${authorization}`);
        assert.equal(r.text, JSON.stringify(NO_TOKEN));
        assert.match(r.headers.get("content-type") ?? "", /^application\/json/);
      }
    });

    it(`${method} ${path} answers 401 with a wrong token`, async () => {
      for (const token of ["wrong", emu.adminPat, `${emu.consoleToken}x`, emu.consoleToken.slice(0, -1), emu.consoleToken.toUpperCase()]) {
        const r = await call(method, path, json, `Bearer ${token}`);
        assert.equal(r.status, 401, token);
        assert.deepEqual(r.body, BAD_TOKEN);
      }
    });
  }

  it("refuses before it reads the body: a malformed body without a token is still 401", async () => {
    const r = await request(`${emu.url}/emulator/v1/clock/_advance`, { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    assert.deepEqual([r.status, r.body], [401, NO_TOKEN]);
  });

  it("changes nothing for a refused request", async () => {
    const target = await request(`${emu.url}/resources/v3alpha/targets`, {
      method: "POST",
      token: emu.adminPat,
      json: { name: "kept", restWebhook: { url: "http://localhost:9999/h" }, timeout: "10s" },
    });
    assert.equal(target.status, 201, target.text);
    const id = (target.body as { details: { id: string } }).details.id;
    const eventsBefore = (await control.events({ query: { limit: 1000 } })).body;
    const instanceId = (await control.instances()).body.instances[0]!.id;

    for (const token of [undefined, "Bearer wrong"]) {
      assert.equal((await call("POST", "/reset", undefined, token)).status, 401);
      assert.equal((await call("POST", "/clock/_freeze", { at: "2030-01-01T00:00:00Z" }, token)).status, 401);
      assert.equal((await call("POST", "/snapshots", { name: "sneaky" }, token)).status, 401);
      assert.equal((await call("PATCH", `/instances/${instanceId}/features`, { multitenancy_resources_api: false }, token)).status, 401);
    }

    assert.equal((await request(`${emu.url}/resources/v3alpha/targets/${id}`, { token: emu.adminPat })).status, 200);
    assert.equal((await control.clock()).body.frozen, false);
    assert.deepEqual((await control.snapshots()).body, { snapshots: [] });
    assert.deepEqual((await control.events({ query: { limit: 1000 } })).body, eventsBefore);
  });

  it("lets the console token through to every one of those routes", async () => {
    for (const [method, path, json] of ROUTES) {
      if (path.endsWith("/stream")) {
        // A stream of server-sent events: read the head, then hang up.
        const abort = new AbortController();
        const res = await fetch(`${emu.url}/emulator/v1${path}`, { headers: { authorization: `Bearer ${emu.consoleToken}` }, signal: abort.signal });
        assert.deepEqual([res.status, res.headers.get("content-type")], [200, "text/event-stream"]);
        abort.abort();
        continue;
      }
      const r = await ctl(path, { method, json });
      assert.notEqual(r.status, 401, `${method} ${path}: ${r.text}`);
      // A 404 here must come from the route (an unknown id), not from a route that does not exist.
      assert.notDeepEqual(r.body, { code: 5, message: "Not Found" }, `${method} ${path}`);
    }
  });
});

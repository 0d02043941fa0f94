// Instance feature flags in the control API (issue 2): with multitenancy_resources_api off, every
// SvcActions rpc answers FailedPrecondition (HTTP 400, code 9) naming the flag; on again, it serves.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";

const emu = await startTestEmulator();
const ctl = rawControl(emu);
const control = controlApi(emu);
const api = (path: string, init: Parameters<typeof request>[1] = {}) => request(`${emu.url}/resources/v3alpha${path}`, { token: emu.adminPat, ...init });
const instanceId = (await control.instances()).body.instances[0]!.id;
/** The flags as written by hand (snake_case, or a body that breaks the schema). */
const features = (json: unknown) => ctl.as("setFeatures", `/instances/${instanceId}/features`, { method: "PATCH", json });
const currentFeatures = async () => (await control.instances()).body.instances[0]!.features;

const DEFAULTS = { multitenancyResourcesApi: true, multitenancySettings: true, oidcTokenExchange: false, impersonation: false };
const FLAG_OFF = 'Feature "multitenancy_resources_api" is not enabled on this instance';
const DISABLED = {
  code: 9,
  message: `${FLAG_OFF} (FEATURE-disabled)`,
  details: [{ "@type": "type.googleapis.com/svc.v1.ErrorDetail", id: "FEATURE-disabled", message: FLAG_OFF }],
};
const target = (name: string) => ({ name, restWebhook: { url: "http://localhost:9999/h" }, timeout: "10s" });

const created = await api("/targets", { method: "POST", json: target("existing") });
assert.equal(created.status, 201, created.text);
const existing = (created.body as { details: { id: string } }).details.id;

// Every SvcActions rpc over REST, with a request that succeeds while the flag is on.
const RPCS: [method: string, path: string, json?: unknown][] = [
  ["POST", "/targets", target("while-off")],
  ["GET", `/targets/${existing}`],
  ["PATCH", `/targets/${existing}`, { timeout: "20s" }],
  ["POST", "/targets/_search", []],
  ["POST", "/executions", { condition: { function: "preuserinfo" }, targets: [existing] }],
  ["POST", "/executions/_search", []],
  ["GET", "/executions/functions"],
  ["GET", "/executions/methods"],
  ["GET", "/executions/services"],
  ["DELETE", `/executions/${encodeURIComponent("function/preuserinfo")}`],
  ["DELETE", `/targets/${existing}`],
];

const names = async () =>
  (((await api("/targets/_search", { method: "POST", json: [] })).body as { result?: { target: { name: string } }[] }).result ?? []).map((r) => r.target.name);

describe("multitenancy_resources_api", () => {
  it("is on by default", async () => {
    assert.deepEqual(await currentFeatures(), DEFAULTS);
  });

  it("turned off, makes every SvcActions rpc answer 400 {code:9} naming the flag, and writes nothing", async () => {
    const eventsBefore = (await control.events({ query: { limit: 1000 } })).body.events;
    const off = await features({ multitenancy_resources_api: false });
    assert.deepEqual([off.status, off.body], [200, { ...DEFAULTS, multitenancyResourcesApi: false }]);
    assert.deepEqual(await currentFeatures(), { ...DEFAULTS, multitenancyResourcesApi: false });
    const events = (await control.events({ query: { limit: 1000 } })).body.events;
    assert.equal(events.length, eventsBefore.length + 1);
    assert.deepEqual((({ type, payload, creator }) => ({ type, payload, creator }))(events.at(-1)!), {
      type: "instance.features.set",
      payload: { multitenancy_resources_api: false },
      creator: "EMULATOR-CONSOLE",
    });

    for (const [method, path, json] of RPCS) {
      const r = await api(path, { method, json });
      assert.equal(r.status, 400, `${method} ${path}: ${r.text}`);
      assert.deepEqual(r.body, DISABLED, `${method} ${path}`);
    }
    assert.deepEqual((await control.events({ query: { limit: 1000 } })).body.events, events);
  });

  it("turned on again, serves every rpc again", async () => {
    const on = await features({ multitenancy_resources_api: true });
    assert.deepEqual([on.status, on.body], [200, DEFAULTS]);
    assert.deepEqual(await names(), ["existing"]);
    for (const [method, path, json] of RPCS) {
      const r = await api(path, { method, json });
      assert.ok(r.status === 200 || r.status === 201, `${method} ${path}: ${r.status} ${r.text}`);
    }
    assert.deepEqual(await names(), ["while-off"]);
  });

  it("is independent of the other flags", async () => {
    const r = await features({ multitenancy_settings: false, oidc_token_exchange: true });
    assert.deepEqual(r.body, { ...DEFAULTS, multitenancySettings: false, oidcTokenExchange: true });
    assert.equal((await api("/targets/_search", { method: "POST", json: [] })).status, 200);
    await features({ multitenancy_settings: true, oidc_token_exchange: false });
  });

  it("comes back on with a reset", async () => {
    await features({ multitenancy_resources_api: false });
    assert.equal((await api("/targets/_search", { method: "POST", json: [] })).status, 400);
    await control.reset();
    assert.deepEqual(await currentFeatures(), DEFAULTS);
    assert.equal((await api("/targets/_search", { method: "POST", json: [] })).status, 200);
  });
});

describe("PATCH /emulator/v1/instances/{id}/features", () => {
  it("answers 404 {code:5} for an unknown instance", async () => {
    const r = await ctl("/instances/404/features", { method: "PATCH", json: { multitenancy_resources_api: false } });
    assert.deepEqual([r.status, r.body], [404, { code: 5, message: "No instance 404" }]);
  });

  it("answers 400 {code:3} for an empty or invalid body, and changes nothing", async () => {
    const bad: (unknown | undefined)[] = [
      undefined,
      {},
      [],
      { unknown_flag: true },
      { multitenancy_resources_api: false, colour: "red" },
      { multitenancy_resources_api: "maybe" },
      { oidc_token_exchange: [] },
      { multitenancy_resources_api: null },
      { multitenancy_resources_api: "false" },
      { multitenancy_resources_api: 0 },
    ];
    for (const json of bad) {
      const r = await features(json);
      assert.equal(r.status, 400, `${JSON.stringify(json)}: ${r.text}`);
      assert.equal(r.error.code, 3);
      assert.deepEqual(Object.keys(r.error), ["code", "message"]);
    }
    const notJson = await ctl(`/instances/${instanceId}/features`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: "{multitenancy_resources_api: false",
    });
    assert.deepEqual([notJson.status, notJson.error.code], [400, 3]);
    assert.deepEqual(await currentFeatures(), DEFAULTS);
    assert.equal((await api("/targets/_search", { method: "POST", json: [] })).status, 200);
  });
});

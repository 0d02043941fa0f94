// The control API's schemas (control/schemas.ts, issue 11 item 5) describe its wire: every answer
// fits the response schema its route declares; lowerCamel names are read and answered, the old
// snake_case names still read; a name given both ways is refused and changes nothing.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import type { TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import * as S from "../../emulator/src/control/schemas.js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { Browser } from "../helpers/browser.js";

const emu = await startTestEmulator();
const ctl = control(emu);
const SVC = "svc.resources.action.v3alpha.SvcActions";

/** Calls the control API and checks the answer against `schema`, naming the first mismatch. */
async function fits(schema: TSchema, path: string, init: Parameters<typeof ctl>[1] = {}, status = 200): Promise<unknown> {
  const r = await ctl(path, init);
  assert.equal(r.status, status, `${path}: ${r.text}`);
  const error = Value.Errors(schema, r.body).First();
  assert.equal(error && `${error.path}: ${error.message}`, undefined, `${init.method ?? "GET"} ${path} answered ${r.text}`);
  return r.body;
}

const instanceId = ((await fits(S.InstanceList, "/instances")) as S.Static<typeof S.InstanceList>).instances[0]!.id;

describe("control API answers fit their schemas", () => {
  it("health, ready, reset, clock and snapshots", async () => {
    const open = await request(`${emu.url}/emulator/v1/health`);
    assert.ok(Value.Check(S.Health, open.body) && Value.Check(S.Ready, (await request(`${emu.url}/emulator/v1/ready`)).body));
    await fits(S.ResetDone, "/reset", { method: "POST" });
    await fits(S.ClockState, "/clock");
    await fits(S.ClockState, "/clock/_freeze", { method: "POST", json: { at: "2030-01-01T00:00:00Z" } });
    await fits(S.ClockState, "/clock/_advance", { method: "POST", json: { by: "1h" } });
    await fits(S.ClockState, "/clock/_resume", { method: "POST" });
    await fits(S.ClockState, "/clock/_reset", { method: "POST" });
    await fits(S.ControlError, "/clock/_advance", { method: "POST", json: { by: "soon" } }, 400);
    await fits(S.SnapshotInfo, "/snapshots", { method: "POST", json: { name: "s1" } }, 201);
    await fits(S.SnapshotList, "/snapshots");
    await fits(S.SnapshotRestored, "/snapshots/s1/_restore", { method: "POST" });
    await fits(S.SnapshotDeleted, "/snapshots/s1", { method: "DELETE" });
    await fits(S.ControlError, "/snapshots/s1", { method: "DELETE" }, 404);
  });

  it("events, instances, features and keys", async () => {
    const page = (await fits(S.EventPage, "/events?limit=5")) as S.EventPage;
    assert.equal(page.events.length, 5);
    await fits(S.Features, `/instances/${instanceId}/features`, { method: "PATCH", json: { impersonation: false } });
    await fits(S.KeyList, `/instances/${instanceId}/keys`);
    await fits(S.KeyRotated, `/instances/${instanceId}/keys/_rotate`, { method: "POST" });
    await fits(S.ControlError, "/instances/404/keys", {}, 404);
  });

  it("tokens, login sessions and the outbox", async () => {
    const insecure = { execute: [client.allowInsecureRequests] };
    const worker = await client.discovery(new URL(emu.issuer), "demo-worker", "demo-worker-secret", client.ClientSecretPost("demo-worker-secret"), insecure);
    const issued = await client.clientCredentialsGrant(worker, { scope: "profile" });
    const browserApp = await client.discovery(new URL(emu.issuer), "demo-browser", undefined, client.None(), insecure);
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(browserApp, {
      redirect_uri: "http://localhost:3000/callback",
      scope: "openid",
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    });
    const b = new Browser(emu.url);
    const done = await b.submit(await b.go(url.toString()), "login", { loginName: "alice", password: "Password1!" });
    await client.authorizationCodeGrant(browserApp, new URL(done.url), { pkceCodeVerifier: verifier });

    const tokens = (await fits(S.TokenList, `/tokens?instanceId=${instanceId}`)) as { tokens: unknown[] };
    assert.ok(tokens.tokens.length >= 2);
    const sessions = (await fits(S.SessionList, "/sessions")) as { sessions: { id: string }[] };
    assert.equal(sessions.sessions.length, 1);
    await fits(S.TokensRevoked, `/tokens/${encodeURIComponent(issued.access_token)}/_revoke`, { method: "POST" });
    await fits(S.SessionTerminated, `/sessions/${sessions.sessions[0]!.id}/_terminate`, { method: "POST" });
    await fits(S.MessageList, "/outbox");
    await fits(S.MessagesDeleted, "/outbox", { method: "DELETE" });
  });

  it("target calls, fire-event and the sink", async () => {
    const created = await request(`${emu.url}/resources/v3alpha/targets`, {
      method: "POST",
      token: emu.adminPat,
      json: { name: "s", restWebhook: { url: `${emu.url}/emulator/v1/sink/s` }, timeout: "5s" },
    });
    const targetId = (created.body as { details: { id: string } }).details.id;
    await request(`${emu.url}/resources/v3alpha/executions`, {
      method: "POST",
      token: emu.adminPat,
      json: { condition: { request: { method: `/${SVC}/GetTarget` } }, targets: [targetId] },
    });
    await request(`${emu.url}/resources/v3alpha/executions`, {
      method: "POST",
      token: emu.adminPat,
      json: { condition: { event: { event: "target.removed" } }, targets: [targetId] },
    });
    assert.equal((await request(`${emu.url}/resources/v3alpha/targets/${targetId}`, { token: emu.adminPat })).status, 200);
    const calls = (await fits(S.CallList, `/target-calls?targetId=${targetId}`)) as S.Static<typeof S.CallList>;
    assert.equal(calls.calls.length, 1);
    await fits(S.CallReplayed, `/target-calls/${calls.calls[0]!.id}/_replay`, { method: "POST" });
    const fired = (await fits(S.EventFired, "/fire-event", { method: "POST", json: { instanceId, type: "target.removed" } })) as S.EventFired;
    assert.deepEqual([fired.executionId, fired.calls.length], ["event/target.removed", 1]);
    await fits(S.SinkConfig, "/sinks/s", { method: "PUT", json: { status: 200, body: { ok: true } } });
    await fits(S.SinkConfig, "/sinks/s");
    const sinkCalls = (await fits(S.SinkCallList, "/sinks/s/calls")) as { calls: unknown[] };
    assert.ok(sinkCalls.calls.length >= 3);
  });

  it("local buckets", async () => {
    await fits(S.Bucket, "/buckets", { method: "POST", json: { name: "schema-check" } }, 201);
    await fits(S.ControlError, "/buckets", { method: "POST", json: { name: "schema-check" } }, 409);
    await request(`${emu.url}/upload/storage/v1/b/schema-check/o?uploadType=media&name=a%2Fb.json`, { method: "POST", body: "{}" });
    await fits(S.BucketList, "/buckets");
    const list = (await fits(S.BucketObjectList, "/buckets/schema-check/objects?prefix=a%2F")) as S.Static<typeof S.BucketObjectList>;
    assert.equal(list.objects.length, 1);
    await fits(S.BucketObject, "/buckets/schema-check/objects/a/b.json");
    await fits(S.ControlError, "/buckets/none-such/objects", {}, 404);
  });
});

describe("casing: lowerCamel read and answered, snake_case still read", () => {
  it("filters by lowerCamel and by snake_case query names alike", async () => {
    const camel = (await ctl.as("events", `/events?instanceId=${instanceId}&aggregateType=instance&limit=2`)).body;
    const snake = (await ctl.as("events", `/events?instance_id=${instanceId}&aggregate_type=instance&limit=2`)).body;
    assert.equal(camel.events.length, 2);
    assert.ok(camel.events.every((e) => e.aggregateType === "instance"));
    assert.deepEqual(snake, camel);
    assert.equal(typeof camel.nextAfter, "number");
    assert.deepEqual((await ctl("/events?instanceId=nope")).body, { events: [], nextAfter: null });
  });

  it("sets feature flags named either way, answering lowerCamel; the event keeps the domain's names", async () => {
    const camel = await ctl(`/instances/${instanceId}/features`, { method: "PATCH", json: { oidcTokenExchange: true } });
    assert.deepEqual(
      [camel.status, camel.body],
      [200, { multitenancyResourcesApi: true, multitenancySettings: true, oidcTokenExchange: true, impersonation: false }],
    );
    const snake = await ctl(`/instances/${instanceId}/features`, { method: "PATCH", json: { oidc_token_exchange: false } });
    assert.deepEqual(
      [snake.status, snake.body],
      [200, { multitenancyResourcesApi: true, multitenancySettings: true, oidcTokenExchange: false, impersonation: false }],
    );
    const events = (await ctl.as("events", `/events?aggregateId=${instanceId}&type=instance.features.set`)).body.events;
    assert.deepEqual(
      events.slice(-2).map((e) => e.payload),
      [{ oidc_token_exchange: true }, { oidc_token_exchange: false }],
    );
  });

  it("refuses a name given both ways, and unknown names, changing nothing", async () => {
    const before = (await ctl("/instances")).body;
    const both = await ctl(`/instances/${instanceId}/features`, { method: "PATCH", json: { oidcTokenExchange: true, oidc_token_exchange: true } });
    assert.deepEqual([both.status, both.error.code], [400, 3]);
    const unknown = await ctl("/events?instanceIdd=1");
    assert.deepEqual([unknown.status, unknown.error.code], [400, 3]);
    assert.deepEqual((await ctl("/instances")).body, before);
  });

  it("keeps an event payload's keys as given to fire-event (only the top level is renamed)", async () => {
    const fired = await ctl("/fire-event", {
      method: "POST",
      json: { instance_id: instanceId, type: "user.human.added", aggregate_id: "42", payload: { user_name: "x" } },
    });
    assert.deepEqual(fired.body, { executionId: null, calls: [] });
    const camel = await ctl("/fire-event", { method: "POST", json: { instanceId, type: "user.human.added", aggregateId: "42", payload: { user_name: "x" } } });
    assert.deepEqual(camel.body, { executionId: null, calls: [] });
  });
});

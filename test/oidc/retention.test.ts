// Retention (docs/behaviour.md): expired tokens, codes and authorization requests are pruned 24
// hours (by default) past their expiry on the emulator clock, rows and events; until then and after,
// an expired token introspects {"active":false}, and a live token answers as it did.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";

const emu = await startTestEmulator();
const ctl = control(emu);
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
const project = (await ctl.as("events", "/events?type=project.added")).body.events[0]!.aggregateId;

async function form(path: string, auth: string, body: Record<string, string>): Promise<Record<string, unknown>> {
  const res = await fetch(`${emu.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: auth },
    body: new URLSearchParams(body),
  });
  assert.equal(res.status, 200);
  return (await res.json()) as Record<string, unknown>;
}

const token = async () =>
  String(
    (
      await form("/oauth/v2/token", basic("demo-worker", "demo-worker-secret"), {
        grant_type: "client_credentials",
        scope: `urn:svc:iam:org:project:id:${project}:aud`,
      })
    ).access_token,
  );
const introspect = (t: string) => form("/oauth/v2/introspect", basic("demo-api", "demo-api-secret"), { token: t });
const stored = async () => (await ctl.as("tokens", "/tokens")).body.tokens.length;
const tokenEvents = async () => (await ctl.as("events", "/events?aggregateType=oidc_token")).body.events.length;

describe("retention of expired tokens", () => {
  it("keeps an expired token for 24 hours, then prunes its row and events; live tokens answer as before", async () => {
    await ctl("/clock/_freeze", { method: "POST", json: {} });
    const [storedBefore, eventsBefore] = [await stored(), await tokenEvents()];
    const old = await token();
    assert.equal((await introspect(old)).active, true);

    // 12h: the token expires and answers inactive, but stays stored for the retention.
    await ctl("/clock/_advance", { method: "POST", json: { by: "12h30m" } });
    assert.deepEqual(await introspect(old), { active: false });
    await ctl("/clock/_advance", { method: "POST", json: { by: "23h" } });
    const live = await token();
    const liveAnswer = await introspect(live);
    assert.equal(liveAnswer.active, true);
    await ctl("/clock/_advance", { method: "POST", json: { by: "29m" } });
    assert.deepEqual([await stored(), await tokenEvents()], [storedBefore + 2, eventsBefore + 2]);
    assert.deepEqual(await introspect(old), { active: false });

    // Past the 24 hours: its row and events are gone, its answer is the same, the live token's too.
    await ctl("/clock/_advance", { method: "POST", json: { by: "2m" } });
    assert.deepEqual([await stored(), await tokenEvents()], [storedBefore + 1, eventsBefore + 1]);
    assert.deepEqual(await introspect(old), { active: false });
    assert.deepEqual(await introspect(live), liveAnswer);
  });

  it("prunes only what expired longer than the retention given", async () => {
    const short = await startTestEmulator({ retention: "5m" });
    try {
      const c = control(short);
      await c("/clock/_freeze", { method: "POST", json: {} });
      const count = async () => (await c.as("tokens", "/tokens")).body.tokens.length;
      const before = await count();
      const res = await fetch(`${short.url}/oauth/v2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic("demo-worker", "demo-worker-secret") },
        body: "grant_type=client_credentials&scope=profile",
      });
      assert.equal(res.status, 200);
      await c("/clock/_advance", { method: "POST", json: { by: "12h4m" } });
      assert.equal(await count(), before + 1);
      await c("/clock/_advance", { method: "POST", json: { by: "2m" } });
      assert.equal(await count(), before);
    } finally {
      await short.close();
    }
  });
});

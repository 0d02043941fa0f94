// A refused id_token_hint stores nothing: checking it reads the published keys and does not make the
// instance's first signing key (found by test/fuzz/oidc.test.ts: end_session with a hint before any
// token was issued wrote a key event).

import { it } from "node:test";
import assert from "node:assert/strict";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";

const emu = await startTestEmulator();
const HINT = "eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJzdWIiOiIxIn0.c2ln";

it("refuses an id_token_hint that no key signed before any token exists, and stores no key", async () => {
  const before = (await control(emu).as("events", "/events?limit=1000")).body;
  const keys = (await control(emu).as("instances", "/instances")).body;
  const instanceId = keys.instances[0]!.id;
  const r = await request(`${emu.url}/oidc/v1/end_session?id_token_hint=${HINT}`, { redirect: "manual" });
  assert.equal(r.status, 400);
  assert.match(r.headers.get("content-type") ?? "", /^text\/html/);
  assert.deepEqual((await control(emu)("/events?limit=1000")).body, before);
  // The key set still publishes a key when asked for it: that is where the first one is made.
  assert.equal(((await request(`${emu.url}/oauth/v2/keys`)).body as { keys: unknown[] }).keys.length, 1);
  assert.equal((await control(emu).as("keys", `/instances/${instanceId}/keys`)).body.keys.length, 1);
});

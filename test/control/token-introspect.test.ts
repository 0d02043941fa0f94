// POST /emulator/v1/tokens/_introspect: the record and the introspection answer of a token value,
// for the UI's token inspector (no client credentials); revocation and expiry show in both.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { control, startTestEmulator } from "../helpers/emulator.js";
import { internals } from "../../emulator/src/internal.js";
import { getUserByUsername } from "../../emulator/src/domain/user/queries.js";
import { defaultInstance } from "../../emulator/src/domain/instance/queries.js";

const emu = await startTestEmulator();
const call = control(emu);
const core = internals(emu).core;
const alice = getUserByUsername(core.db, defaultInstance(core.db)!.id, "alice")!.id;
const introspect = (json: Record<string, unknown>) => call("/tokens/_introspect", { method: "POST", json });
type Answer = { token: null | { id: string; kind: string; active: boolean; revokedAt: string | null }; introspection: Record<string, unknown> };

async function signIn(): Promise<Record<string, string>> {
  const r = (await call("/flows", { method: "POST", json: { flow: "authorization_code", clientId: "demo-browser", userId: alice } })).body as {
    tokens: { kind: string; value: string }[];
  };
  return Object.fromEntries(r.tokens.map((t) => [t.kind, t.value]));
}

describe("token introspection on the control API", () => {
  it("answers the record and the live introspection, then inactive after revocation", async () => {
    const t = await signIn();
    const live = (await introspect({ token: t.access_token })).body as Answer;
    assert.equal(live.token?.kind, "access");
    assert.equal(live.token?.active, true);
    assert.equal(live.introspection.active, true);
    assert.equal(live.introspection.sub, alice);
    assert.equal(live.introspection.client_id, "demo-browser");
    assert.equal(live.introspection.iss, emu.issuer);
    const revoked = await call(`/tokens/${encodeURIComponent(live.token!.id)}/_revoke`, { method: "POST" });
    assert.equal(revoked.status, 200, revoked.text);
    const after = (await introspect({ token: t.access_token })).body as Answer;
    assert.equal(after.token?.active, false);
    assert.ok(after.token?.revokedAt);
    assert.deepEqual(after.introspection, { active: false });
  });

  it("shows an expired token's record as inactive on the emulator clock", async () => {
    const t = await signIn();
    await call("/clock/_advance", { method: "POST", json: { by: "13h" } });
    const a = (await introspect({ token: t.access_token })).body as Answer;
    assert.equal(a.token?.active, false);
    assert.equal(a.token?.revokedAt, null);
    assert.deepEqual(a.introspection, { active: false });
    await call("/clock/_reset", { method: "POST" });
  });

  it("answers token null for an unknown or forged value, 404 for an unknown instance, 400 for no token", async () => {
    assert.deepEqual((await introspect({ token: "nope" })).body, { token: null, introspection: { active: false } });
    assert.deepEqual((await introspect({ token: "a.b.c" })).body, { token: null, introspection: { active: false } });
    const missing = await introspect({ token: "x", instanceId: "404" });
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.body, { code: 5, message: "No such instance" });
    const empty = await introspect({});
    assert.equal(empty.status, 400);
    assert.equal((empty.body as { code: number }).code, 3);
  });
});

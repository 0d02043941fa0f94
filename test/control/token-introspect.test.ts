// POST /emulator/v1/tokens/_introspect: the record and the introspection answer of a token value,
// for the UI's token inspector (no client credentials); revocation and expiry show in both.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";
import { internals } from "../../emulator/src/internal.js";
import { getUserByUsername } from "../../emulator/src/domain/user/queries.js";
import { defaultInstance } from "../../emulator/src/domain/instance/queries.js";
import { startTargetServer } from "../helpers/target-server.js";
import { Value } from "@sinclair/typebox/value";
import { TokenIntrospection } from "../../emulator/src/control/schemas.js";

const emu = await startTestEmulator();
const call = rawControl(emu);
const control = controlApi(emu);
const core = internals(emu).core;
const alice = getUserByUsername(core.db, defaultInstance(core.db)!.id, "alice")!.id;
/** Written by hand: the last case sends no token. */
const introspect = (json: Record<string, unknown>) => call.as("introspectToken", "/tokens/_introspect", { method: "POST", json });
const rest = (path: string, json: unknown) =>
  fetch(`${emu.url}/resources/v3alpha${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${emu.adminPat}`, "content-type": "application/json" },
    body: JSON.stringify(json),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));

async function signIn(): Promise<Record<string, string>> {
  const r = (await control.runFlow({ body: { flow: "authorization_code", clientId: "demo-browser", userId: alice } })).body;
  return Object.fromEntries(r.tokens.map((t) => [t.kind, t.value]));
}

describe("token introspection on the control API", () => {
  it("answers the record and the live introspection, then inactive after revocation", async () => {
    const t = await signIn();
    const live = (await introspect({ token: t.access_token })).body;
    assert.equal(Value.Errors(TokenIntrospection, live).First()?.message, undefined, "the answer fits its schema");
    assert.equal(live.token?.kind, "access");
    assert.equal(live.token?.active, true);
    assert.equal(live.introspection.active, true);
    assert.equal(live.introspection.sub, alice);
    assert.equal(live.introspection.client_id, "demo-browser");
    assert.equal(live.introspection.iss, emu.issuer);
    const revoked = await control.revokeToken({ params: { id: live.token!.id } });
    assert.equal(revoked.status, 200, revoked.text);
    const after = (await introspect({ token: t.access_token })).body;
    assert.equal(after.token?.active, false);
    assert.ok(after.token?.revokedAt);
    assert.deepEqual(after.introspection, { active: false });
  });

  it("shows an expired token's record as inactive on the emulator clock", async () => {
    const t = await signIn();
    await control.advanceClock({ body: { by: "13h" } });
    const a = (await introspect({ token: t.access_token })).body;
    assert.equal(a.token?.active, false);
    assert.equal(a.token?.revokedAt, null);
    assert.deepEqual(a.introspection, { active: false });
    await control.realClock();
  });

  it("names the claims an action's function added to the tokens of the issuance", async () => {
    const before = (await introspect({ token: (await signIn()).access_token })).body;
    assert.deepEqual(before.actionClaims, { accessToken: [], idToken: [] });
    const server = await startTargetServer();
    server.answer("/pre", { body: { append_claims: [{ key: "team", value: "blue" }] } });
    const target = await rest("/targets", { name: "pre", restRequestResponse: { url: server.url("/pre") }, timeout: "5s" });
    assert.equal(target.status, 201, JSON.stringify(target.body));
    const targetId = (target.body.details as { id: string }).id;
    const put = await rest("/executions", { condition: { function: "preuserinfo" }, targets: [targetId] });
    assert.equal(put.status, 201, JSON.stringify(put.body));
    const t = await signIn();
    const a = (await introspect({ token: t.access_token })).body;
    assert.deepEqual(a.actionClaims, { accessToken: [], idToken: ["team"] });
    const refresh = (await introspect({ token: t.refresh_token })).body;
    assert.deepEqual(refresh.actionClaims, { accessToken: [], idToken: ["team"] });
    assert.equal(JSON.parse(Buffer.from(t.id_token!.split(".")[1]!, "base64url").toString()).team, "blue");
    await control.reset();
  });

  it("answers token null for an unknown or forged value, 404 for an unknown instance, 400 for no token", async () => {
    assert.deepEqual((await introspect({ token: "nope" })).body, { token: null, actionClaims: null, introspection: { active: false } });
    assert.deepEqual((await introspect({ token: "a.b.c" })).body, { token: null, actionClaims: null, introspection: { active: false } });
    const missing = await introspect({ token: "x", instanceId: "404" });
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.body, { code: 5, message: "No such instance" });
    const empty = await introspect({});
    assert.equal(empty.status, 400);
    assert.equal(empty.error.code, 3);
  });
});

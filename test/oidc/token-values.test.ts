// Opaque token values (docs/behaviour.md "Token values"): a value carries its token id and a MAC
// under the database's key, its event holds no value (neither clear nor sealed), a value in that
// format with a wrong MAC is refused, and tokens whose events hold their value sealed or in clear
// (data dirs of earlier versions) keep answering as before, also after the projections are rebuilt.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import * as client from "openid-client";
import { startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { internals } from "../../emulator/src/internal.js";
import { allProjections } from "../../emulator/src/domain/projections.js";
import { TokenAdded, type TokenAddedPayload } from "../../emulator/src/domain/token/events.js";
import { seal } from "../../emulator/src/store/sealed.js";

const emu = await startTestEmulator();
const ctl = control(emu);
const insecure = { execute: [client.allowInsecureRequests] };
const worker = await client.discovery(new URL(emu.issuer), "demo-worker", "demo-worker-secret", client.ClientSecretPost("demo-worker-secret"), insecure);
const api = await client.discovery(new URL(emu.issuer), "demo-api", "demo-api-secret", client.ClientSecretBasic("demo-api-secret"), insecure);

// Tokens for the API app's project, so the API app may introspect them (oidc/introspect.ts).
const project = (await ctl.as("events", "/events?type=project.added")).body.events[0]!.aggregateId;
const scope = `urn:svc:iam:org:project:id:${project}:aud profile`;

const addedEvents = async () => (await ctl.as("events", "/events?type=oidc.token.added&limit=1000")).body.events;
/** The introspection answer without what differs between two tokens of the same grant. */
const grantOf = (r: client.IntrospectionResponse) => ({ ...r, jti: undefined, iat: undefined, exp: undefined, nbf: undefined });

describe("opaque token values", () => {
  it("carry their token id and a MAC; their event holds no value, only what makes it again with the key", async () => {
    const { access_token: value } = await client.clientCredentialsGrant(worker, { scope });
    assert.match(value, /^[A-Za-z0-9_-]{44}$/, "URL-safe, no dot: never parsed as a JWT");
    const bytes = Buffer.from(value, "base64url");
    assert.equal(bytes[0], 1, "format byte");
    const id = bytes.readBigUInt64BE(1).toString();
    const events = await addedEvents();
    const added = events.find((e) => e.aggregateId === id);
    assert.ok(added, "the value carries the id its event names");
    assert.deepEqual(Object.keys(added.payload.token as object), ["algorithm", "keyID", "id", "nonce"]);
    assert.deepEqual({ ...(added.payload.token as object), nonce: "" }, { algorithm: "hmac-sha256", keyID: "tokens", id, nonce: "" });
    assert.equal((added.payload.token as { nonce: string }).nonce, bytes.subarray(9, 17).toString("base64url"));
    assert.ok(!JSON.stringify(events).includes(value), "no value in the event log");
    assert.equal((await client.tokenIntrospection(api, value)).active, true);
  });

  it("refuses a value in the format whose MAC does not check out", async () => {
    const { access_token: value } = await client.clientCredentialsGrant(worker, { scope });
    const bytes = Buffer.from(value, "base64url");
    bytes[bytes.length - 1]! ^= 1;
    assert.deepEqual(await client.tokenIntrospection(api, bytes.toString("base64url")), { active: false });
    const forged = (await ctl.as("introspectToken", "/tokens/_introspect", { method: "POST", json: { token: bytes.toString("base64url") } })).body;
    assert.equal(forged.token, null);
    assert.equal((await client.tokenIntrospection(api, value)).active, true, "the real value still answers");
  });

  it("keeps tokens whose events hold their value sealed or in clear (earlier versions) answering as before, after a rebuild too", async () => {
    const { access_token: current } = await client.clientCredentialsGrant(worker, { scope });
    const { core } = internals(emu);
    const id = Buffer.from(current, "base64url").readBigUInt64BE(1).toString();
    const model = (await addedEvents()).find((e) => e.aggregateId === id)!;
    const instanceId = (core.db.stmt("SELECT instance_id FROM tokens WHERE token_id = ?").get(id) as { instance_id: string }).instance_id;
    const sealedValue = randomBytes(32).toString("base64url");
    const clearValue = randomBytes(32).toString("base64url");
    const payload = (token: TokenAddedPayload["token"]): TokenAddedPayload => {
      const p = { ...(model.payload as unknown as TokenAddedPayload) };
      delete p.token;
      return token === undefined ? p : { ...p, token };
    };
    const actor = { instanceId, userId: model.payload.userId as string, origin: "oidc" as const };
    core.events.command(() => [
      // Round 14 to 3: a public id, the value sealed in the event.
      TokenAdded.event(actor, core.ids.next(), instanceId, payload(seal(core.db, sealedValue))),
      // Before: the value is the aggregate id.
      TokenAdded.event(actor, clearValue, instanceId, payload(undefined)),
    ]);
    const expected = grantOf(await client.tokenIntrospection(api, current));
    assert.equal(expected.active, true);
    for (const old of [sealedValue, clearValue]) assert.deepEqual(grantOf(await client.tokenIntrospection(api, old)), expected);

    const rows = () => core.db.stmt("SELECT * FROM tokens ORDER BY id").all();
    const before = rows();
    allProjections().rebuild(core.db, core.events.list({}));
    core.db.invalidateCache();
    assert.deepEqual(rows(), before, "the projection makes the same rows again from the events");
    for (const v of [current, sealedValue, clearValue]) assert.deepEqual(grantOf(await client.tokenIntrospection(api, v)), expected);
    const revoked = await ctl(`/tokens/${encodeURIComponent(sealedValue)}/_revoke`, { method: "POST" });
    assert.deepEqual(revoked.body, { revoked: [sealedValue] });
    assert.deepEqual(await client.tokenIntrospection(api, sealedValue), { active: false });
    assert.equal((await client.tokenIntrospection(api, clearValue)).active, true);
  });
});

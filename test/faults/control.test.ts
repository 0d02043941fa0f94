// Faults through the control API (issue 29): define, list, read, remove one, remove all; "the next N"
// is exactly N under 100 concurrent requests; a fault in one instance leaves another untouched; a
// removal takes effect on the next request; a duration runs on the emulator clock; reset removes
// the faults and empties the journal; bad definitions are refused with 400 naming the field, and
// nothing is stored.

import { describe, it, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { request, requestWithHost, startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";
import { withAcme } from "../helpers/fixtures.js";
import { faultControl } from "../helpers/faults.js";

const emu = await startTestEmulator({ fixtures: withAcme() });
const ctl = rawControl(emu);
const control = controlApi(emu);
const worker = new URLSearchParams({ grant_type: "client_credentials", client_id: "demo-worker", client_secret: "demo-worker-secret", scope: "openid" });
const token = () => request(`${emu.url}/oauth/v2/token`, { method: "POST", body: worker, headers: { "content-type": "application/x-www-form-urlencoded" } });
const { add: addFault } = faultControl(control);
const faults = async (q = "") => (await ctl.as("faults", `/faults${q}`)).body.faults;
const acmeId = async () => (await control.instances()).body.instances.find((i) => i.name === "Acme")!.id;

beforeEach(async () => {
  await ctl("/faults", { method: "DELETE" });
});

describe("faults in the control API", () => {
  it("lists none at first, and answers an unknown fault 404", async () => {
    assert.deepEqual(await faults(), []);
    assert.equal((await ctl("/faults/fault-999")).status, 404);
    assert.equal((await ctl("/faults/fault-999", { method: "DELETE" })).status, 404);
    assert.deepEqual((await ctl("/faults", { method: "DELETE" })).body, { removed: 0 });
  });

  it("answers the next 7 of 100 concurrent token requests with invalid_grant, exactly", async () => {
    const f = await addFault({ where: { endpoint: "token", grantType: "client_credentials" }, what: { kind: "oauthError", error: "invalid_grant" }, times: 7 });
    assert.deepEqual([f.hits, f.remaining, f.state], [0, 7, "active"]);
    const answers = await Promise.all(Array.from({ length: 100 }, token));
    const failed = answers.filter((a) => a.status !== 200);
    assert.equal(failed.length, 7);
    for (const a of failed)
      assert.deepEqual([a.status, a.body], [400, { error: "invalid_grant", error_description: "a fault the emulator was asked to inject" }]);
    const after = (await control.fault({ params: { id: f.id } })).body;
    assert.deepEqual([after.hits, after.remaining, after.state], [7, 0, "used"]);
    assert.equal((await token()).status, 200);
  });

  it("leaves another instance untouched", async () => {
    const acme = await acmeId();
    await addFault({ instanceId: acme, where: { endpoint: "discovery" }, what: { kind: "http", status: 503, body: "down" } });
    const path = "/.well-known/openid-configuration";
    assert.equal((await request(`${emu.url}${path}`)).status, 200);
    const atAcme = await requestWithHost(emu.port, path, `acme.localhost:${emu.port}`);
    assert.deepEqual([atAcme.status, atAcme.text], [503, "down"]);
    assert.equal((await faults(`?instanceId=${acme}`)).length, 1);
    const own = (await control.instances()).body.instances.find((i) => i.id !== acme)!.id;
    assert.deepEqual(await faults(`?instanceId=${own}`), []);
  });

  it("stops answering on the request right after its removal", async () => {
    const f = await addFault({ where: { endpoint: "token" }, what: { kind: "oauthError", error: "temporarily_unavailable" } });
    assert.equal((await token()).status, 400);
    assert.equal((await token()).status, 400);
    assert.deepEqual((await ctl(`/faults/${f.id}`, { method: "DELETE" })).body, { removed: 1 });
    assert.equal((await token()).status, 200);
    assert.deepEqual(await faults(), []);
  });

  it("lasts a duration on the emulator clock", async () => {
    await ctl("/clock/_freeze", { method: "POST", json: {} });
    try {
      const f = await addFault({ where: { endpoint: "token" }, what: { kind: "http", status: 502, body: "" }, for: "30s" });
      assert.equal((await token()).status, 502);
      await ctl("/clock/_advance", { method: "POST", json: { by: "29s" } });
      assert.equal((await token()).status, 502);
      await ctl("/clock/_advance", { method: "POST", json: { by: "1s" } });
      assert.equal((await token()).status, 200);
      const seen = (await control.fault({ params: { id: f.id } })).body;
      assert.deepEqual([seen.hits, seen.state], [2, "expired"]);
    } finally {
      await ctl("/clock/_reset", { method: "POST" });
    }
  });

  it("is removed by reset, with the journal", async () => {
    await addFault({ where: { endpoint: "jwks" }, what: { kind: "drop" } });
    await token();
    assert.ok((await control.requestCount()).body.count > 0);
    assert.equal((await ctl("/reset", { method: "POST" })).status, 200);
    assert.deepEqual(await faults(), []);
    assert.deepEqual((await ctl("/requests/count")).body, { count: 0 });
  });

  it("is removed by a reset of its instance alone, with that instance's journal", async () => {
    const acme = await acmeId();
    const own = (await control.instances()).body.instances.find((i) => i.id !== acme)!.id;
    await addFault({ instanceId: acme, where: { endpoint: "jwks" }, what: { kind: "delay", ms: 1 } });
    const mine = await addFault({ where: { endpoint: "jwks" }, what: { kind: "delay", ms: 1 } });
    await requestWithHost(emu.port, "/oauth/v2/keys", `acme.localhost:${emu.port}`);
    await request(`${emu.url}/oauth/v2/keys`);
    const reset = await ctl(`/instances/${acme}/_reset`, { method: "POST" });
    assert.equal(reset.status, 200, reset.text);
    assert.deepEqual(
      (await faults()).map((f) => f.id),
      [mine.id],
    );
    assert.deepEqual((await ctl(`/requests/count?instanceId=${acme}`)).body, { count: 0 });
    assert.deepEqual((await ctl(`/requests/count?instanceId=${own}`)).body, { count: 1 });
  });

  // Each refused definition names its field; none is stored.
  const refused: [string, unknown, string][] = [
    ["no body object", [], "body"],
    ["an unknown top-level field", { where: { endpoint: "token" }, what: { kind: "drop" }, often: 1 }, "often"],
    ["no where", { what: { kind: "drop" } }, "where"],
    ["two places", { where: { endpoint: "token", service: "svc.resources.user.v3alpha.SvcUsers" }, what: { kind: "drop" } }, "where"],
    ["an unknown endpoint", { where: { endpoint: "tokens" }, what: { kind: "drop" } }, "where.endpoint"],
    ["an unknown method", { where: { method: "/svc.resources.user.v3alpha.SvcUsers/GetUsr" }, what: { kind: "drop" } }, "where.method"],
    ["an unknown service", { where: { service: "svc.Nope" }, what: { kind: "drop" } }, "where.service"],
    ["a grant type off the token endpoint", { where: { endpoint: "userinfo", grantType: "refresh_token" }, what: { kind: "drop" } }, "where.grantType"],
    ["an unknown grant type", { where: { endpoint: "token", grantType: "password" }, what: { kind: "drop" } }, "where.grantType"],
    ["admin not true", { where: { admin: false }, what: { kind: "drop" } }, "where.admin"],
    ["an empty client id on an rpc", { where: { service: "svc.resources.user.v3alpha.SvcUsers", clientId: "" }, what: { kind: "drop" } }, "where.clientId"],
    ["a user id that is no string", { where: { endpoint: "token", userId: 1 }, what: { kind: "drop" } }, "where.userId"],
    ["a user id where no user is ever known", { where: { endpoint: "jwks", userId: "1" }, what: { kind: "drop" } }, "where.userId"],
    ["no what", { where: { endpoint: "token" } }, "what"],
    ["an unknown kind", { where: { endpoint: "token" }, what: { kind: "explode" } }, "what.kind"],
    ["an OAuth code the surface lacks", { where: { endpoint: "token" }, what: { kind: "oauthError", error: "teapot" } }, "what.error"],
    ["an OAuth error on an rpc", { where: { admin: true }, what: { kind: "oauthError", error: "invalid_grant" } }, "what.kind"],
    ["an rpc code on an OIDC endpoint", { where: { endpoint: "token" }, what: { kind: "rpcError", code: 14 } }, "what.kind"],
    ["an rpc code out of range", { where: { admin: true }, what: { kind: "rpcError", code: 17 } }, "what.code"],
    ["an rpc code by an unknown name", { where: { admin: true }, what: { kind: "rpcError", code: "BROKEN" } }, "what.code"],
    ["OK as an rpc error", { where: { admin: true }, what: { kind: "rpcError", code: 0 } }, "what.code"],
    ["an HTTP status out of range", { where: { endpoint: "jwks" }, what: { kind: "http", status: 99 } }, "what.status"],
    ["an OAuth status below 400", { where: { endpoint: "token" }, what: { kind: "oauthError", error: "invalid_grant", status: 302 } }, "what.status"],
    ["a delay of 0", { where: { endpoint: "jwks" }, what: { kind: "delay", ms: 0 } }, "what.ms"],
    ["an extra field in what", { where: { endpoint: "jwks" }, what: { kind: "drop", ms: 5 } }, "what.ms"],
    ["an expired token off the token endpoint", { where: { endpoint: "userinfo" }, what: { kind: "expiredToken" } }, "what.kind"],
    ["a lifetime of 0 s", { where: { endpoint: "token" }, what: { kind: "tokenExpiresIn", seconds: 0 } }, "what.seconds"],
    ["times 0", { where: { endpoint: "token" }, what: { kind: "drop" }, times: 0 }, "times"],
    ["times -3", { where: { endpoint: "token" }, what: { kind: "drop" }, times: -3 }, "times"],
    ["times 1.5", { where: { endpoint: "token" }, what: { kind: "drop" }, times: 1.5 }, "times"],
    ["a duration that is none", { where: { endpoint: "token" }, what: { kind: "drop" }, for: "soon" }, "for"],
    ["an unknown instance", { instanceId: "404", where: { endpoint: "token" }, what: { kind: "drop" } }, "instanceId"],
  ];
  for (const [name, body, field] of refused) {
    it(`refuses ${name} (400 naming ${field}), storing nothing`, async () => {
      const r = await control.addFault({ body });
      assert.equal(r.status, 400, r.text);
      const b = r.error;
      assert.deepEqual([b.code, b.field], [3, field]);
      assert.ok(b.message.startsWith(`${field}: `), b.message);
      assert.deepEqual(await faults(), []);
    });
  }
});

// The flow runner on an instance other than the default one: its requests carry the instance's
// domain as Host, so the tokens are that instance's (issuer, signing key, records). The console's
// userinfo (POST /tokens/_userinfo) asks that instance's endpoint the same way.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { withAcme } from "../helpers/fixtures.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";

const emu = await startTestEmulator({ fixtures: withAcme() });
const call = rawControl(emu);
const control = controlApi(emu);
const acmeOf = async () => (await control.instances()).body.instances.find((i) => i.name === "Acme")!;
const tokensOf = async (instanceId: string) => (await control.tokens({ query: { instanceId } })).body;
const userEvents = async () => (await control.events({ query: { aggregateType: "user", limit: 1000 } })).body;

describe("the flow runner on a second instance", () => {
  it("signs in through the instance's own host and returns its tokens", async () => {
    const acme = await acmeOf();
    const before = await tokensOf(acme.id);
    assert.equal(before.tokens.length, 0);
    const ann = await userEvents();
    const annId = ann.events.find((e) => e.instanceId === acme.id && e.type.startsWith("user.human"))!.aggregateId;
    const res = await control.runFlow({ body: { flow: "authorization_code", instanceId: acme.id, clientId: "acme-shop", userId: annId } });
    assert.equal(res.status, 200, res.text);
    const r = res.body;
    assert.equal(r.outcome, "ok", JSON.stringify(r.steps.at(-1)));
    assert.equal(new URL(r.steps[0]!.request.url).host, `acme.localhost:${emu.port}`);
    const id = JSON.parse(Buffer.from(r.tokens.find((t) => t.kind === "id_token")!.value.split(".")[1]!, "base64url").toString());
    assert.equal(id.iss, `http://acme.localhost:${emu.port}`);
    assert.equal((await tokensOf(acme.id)).tokens.length, 1);
    // The app is not in the default instance: there it is unknown.
    const elsewhere = await control.runFlow({ body: { flow: "authorization_code", clientId: "acme-shop", userId: annId } });
    assert.equal(elsewhere.status, 404);
    // Introspection on the control API finds the access token under that instance's issuer.
    const access = r.tokens.find((t) => t.kind === "access_token")!.value;
    const seen = (await control.introspectToken({ body: { token: access, instanceId: acme.id } })).body;
    assert.equal(seen.introspection.iss, `http://acme.localhost:${emu.port}`);
  });

  it("asks the token's instance's userinfo endpoint for the console, and shows a refusal as the endpoint gave it", async () => {
    const acme = await acmeOf();
    const users = await userEvents();
    const annId = users.events.find((e) => e.instanceId === acme.id && e.type.startsWith("user.human"))!.aggregateId;
    const flow = (await control.runFlow({ body: { flow: "authorization_code", instanceId: acme.id, clientId: "acme-shop", userId: annId } })).body;
    const access = flow.tokens.find((t) => t.kind === "access_token")!.value;
    /** Written by hand: some of these bodies break the schema. */
    const userinfo = (json: Record<string, unknown>) => call.as("userinfo", "/tokens/_userinfo", { method: "POST", json });

    const res = await userinfo({ token: access, instanceId: acme.id });
    assert.equal(res.status, 200, res.text);
    const answer = res.body;
    const claims = answer.body as Record<string, unknown>;
    assert.equal(answer.status, 200);
    assert.match(answer.headers["content-type"]!, /^application\/json/);
    assert.equal(claims.sub, annId);
    assert.equal(claims.email, "ann@acme.localhost");

    // The default instance's endpoint does not know the token: its own 401, as a client would get it.
    const elsewhere = (await userinfo({ token: access })).body;
    assert.equal(elsewhere.status, 401);
    assert.match(elsewhere.headers["www-authenticate"]!, /error="invalid_token"/);

    const tokensBefore = (await tokensOf(acme.id)).tokens.length;
    const bad: [Record<string, unknown>, number, number, RegExp][] = [
      [{ token: "two words", instanceId: acme.id }, 400, 3, /characters no bearer token has/],
      [{ token: "x\ny", instanceId: acme.id }, 400, 3, /characters no bearer token has/],
      [{ token: access, instanceId: "nope" }, 404, 5, /No such instance/],
      [{ instanceId: acme.id }, 400, 3, /token/],
    ];
    for (const [json, status, code, message] of bad) {
      const r = await userinfo(json);
      assert.equal(r.status, status, `${JSON.stringify(json)}: ${r.text}`);
      assert.equal(r.error.code, code, r.text);
      assert.match(r.error.message, message);
    }
    assert.equal((await tokensOf(acme.id)).tokens.length, tokensBefore);
  });
});

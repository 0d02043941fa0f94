// The flow runner on an instance other than the default one: its requests carry the instance's
// domain as Host, so the tokens are that instance's (issuer, signing key, records). The console's
// userinfo (POST /tokens/_userinfo) asks that instance's endpoint the same way.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { withAcme } from "../helpers/fixtures.js";
import { control, startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator({ fixtures: withAcme() });
const call = control(emu);

describe("the flow runner on a second instance", () => {
  it("signs in through the instance's own host and returns its tokens", async () => {
    const acme = ((await call("/instances")).body as { instances: { id: string; name: string }[] }).instances.find((i) => i.name === "Acme")!;
    const before = (await call(`/tokens?instanceId=${acme.id}`)).body as { tokens: unknown[] };
    assert.equal(before.tokens.length, 0);
    const ann = (await call("/events?aggregateType=user&limit=1000")).body as { events: { instanceId: string; aggregateId: string; type: string }[] };
    const annId = ann.events.find((e) => e.instanceId === acme.id && e.type.startsWith("user.human"))!.aggregateId;
    const res = await call("/flows", { method: "POST", json: { flow: "authorization_code", instanceId: acme.id, clientId: "acme-shop", userId: annId } });
    assert.equal(res.status, 200, res.text);
    const r = res.body as { outcome: string; steps: { name: string; request: { url: string } }[]; tokens: { kind: string; value: string }[] };
    assert.equal(r.outcome, "ok", JSON.stringify(r.steps.at(-1)));
    assert.equal(new URL(r.steps[0]!.request.url).host, `acme.localhost:${emu.port}`);
    const id = JSON.parse(Buffer.from(r.tokens.find((t) => t.kind === "id_token")!.value.split(".")[1]!, "base64url").toString());
    assert.equal(id.iss, `http://acme.localhost:${emu.port}`);
    assert.equal(((await call(`/tokens?instanceId=${acme.id}`)).body as { tokens: unknown[] }).tokens.length, 1);
    // The app is not in the default instance: there it is unknown.
    const elsewhere = await call("/flows", { method: "POST", json: { flow: "authorization_code", clientId: "acme-shop", userId: annId } });
    assert.equal(elsewhere.status, 404);
    // Introspection on the control API finds the access token under that instance's issuer.
    const access = r.tokens.find((t) => t.kind === "access_token")!.value;
    const seen = (await call("/tokens/_introspect", { method: "POST", json: { token: access, instanceId: acme.id } })).body as {
      introspection: { iss: string };
    };
    assert.equal(seen.introspection.iss, `http://acme.localhost:${emu.port}`);
  });

  it("asks the token's instance's userinfo endpoint for the console, and shows a refusal as the endpoint gave it", async () => {
    const acme = ((await call("/instances")).body as { instances: { id: string; name: string }[] }).instances.find((i) => i.name === "Acme")!;
    const users = (await call("/events?aggregateType=user&limit=1000")).body as { events: { instanceId: string; aggregateId: string; type: string }[] };
    const annId = users.events.find((e) => e.instanceId === acme.id && e.type.startsWith("user.human"))!.aggregateId;
    const flow = (await call("/flows", { method: "POST", json: { flow: "authorization_code", instanceId: acme.id, clientId: "acme-shop", userId: annId } }))
      .body as { tokens: { kind: string; value: string }[] };
    const access = flow.tokens.find((t) => t.kind === "access_token")!.value;
    const userinfo = (json: Record<string, unknown>) => call("/tokens/_userinfo", { method: "POST", json });

    const res = await userinfo({ token: access, instanceId: acme.id });
    assert.equal(res.status, 200, res.text);
    const answer = res.body as { status: number; headers: Record<string, string>; body: Record<string, unknown> };
    assert.equal(answer.status, 200);
    assert.match(answer.headers["content-type"]!, /^application\/json/);
    assert.equal(answer.body.sub, annId);
    assert.equal(answer.body.email, "ann@acme.localhost");

    // The default instance's endpoint does not know the token: its own 401, as a client would get it.
    const elsewhere = (await userinfo({ token: access })).body as { status: number; headers: Record<string, string> };
    assert.equal(elsewhere.status, 401);
    assert.match(elsewhere.headers["www-authenticate"]!, /error="invalid_token"/);

    const tokensBefore = ((await call(`/tokens?instanceId=${acme.id}`)).body as { tokens: unknown[] }).tokens.length;
    const bad: [Record<string, unknown>, number, number, RegExp][] = [
      [{ token: "two words", instanceId: acme.id }, 400, 3, /characters no bearer token has/],
      [{ token: "x\ny", instanceId: acme.id }, 400, 3, /characters no bearer token has/],
      [{ token: access, instanceId: "nope" }, 404, 5, /No such instance/],
      [{ instanceId: acme.id }, 400, 3, /token/],
    ];
    for (const [json, status, code, message] of bad) {
      const r = await userinfo(json);
      assert.equal(r.status, status, `${JSON.stringify(json)}: ${r.text}`);
      assert.equal((r.body as { code: number }).code, code, r.text);
      assert.match((r.body as { message: string }).message, message);
    }
    assert.equal(((await call(`/tokens?instanceId=${acme.id}`)).body as { tokens: unknown[] }).tokens.length, tokensBefore);
  });
});

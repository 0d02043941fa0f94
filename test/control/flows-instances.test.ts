// The flow runner on an instance other than the default one: its requests carry the instance's
// domain as Host, so the tokens are that instance's (issuer, signing key, records).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { defaultFixtures } from "../../emulator/src/index.js";
import { control, startTestEmulator } from "../helpers/emulator.js";

const fixtures = defaultFixtures();
fixtures.instances.push({
  name: "Acme",
  domains: ["acme.localhost"],
  orgs: [
    {
      name: "Acme",
      users: [{ type: "human", username: "ann", firstName: "Ann", lastName: "Acme", email: "ann@acme.localhost", emailVerified: true }],
      projects: [
        {
          name: "Shop",
          apps: [
            {
              type: "oidc",
              name: "Shop",
              clientId: "acme-shop",
              authMethod: "none",
              appType: "user_agent",
              redirectUris: ["http://localhost:4000/cb"],
              responseTypes: ["code"],
              grantTypes: ["authorization_code"],
            },
          ],
        },
      ],
    },
  ],
});
const emu = await startTestEmulator({ fixtures });
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
});

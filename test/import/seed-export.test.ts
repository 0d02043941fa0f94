// The default seed's own export imports again: its demo app registers "{issuer}/…" redirect URIs (they
// follow the instance), which the export writes as stored and the import's URI rule must take; at the
// new instance they stand for that instance's issuer. Without it the seed's export failed its own
// check (VALIDATE-string.uri on redirectUris[1] and postLogoutRedirectUris[1]).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fetchByHost, request, startTestEmulator } from "../helpers/emulator.js";
import { controlApi } from "../helpers/control-client.js";

const emu = await startTestEmulator();
const ctl = controlApi(emu);
const byHost = fetchByHost(emu.port);

type Doc = { orgs: { orgId: string; oidcApps?: { appId: string; app: { redirectUris: string[]; postLogoutRedirectUris?: string[] } }[] }[] };

async function exportAll(): Promise<Doc> {
  const res = await request(`${emu.url}/admin/v1/export`, { method: "POST", token: emu.adminPat, json: { responseOutput: true } });
  assert.equal(res.status, 200, res.text);
  return res.body as Doc;
}

describe("the default seed's export", () => {
  it("keeps the demo app's {issuer}/ URIs and passes the import check", async () => {
    const doc = await exportAll();
    const app = doc.orgs.flatMap((o) => o.oidcApps ?? []).find((a) => a.app.redirectUris.includes("{issuer}/ui/demo/callback"));
    assert.ok(app, "the export holds the demo app with its {issuer}/ redirect URI");
    assert.deepEqual(app.app.postLogoutRedirectUris, ["http://localhost:3000/", "{issuer}/ui/demo/"]);
    const checked = await ctl.validateDocument({ body: { document: doc } });
    assert.equal(checked.status, 200);
    assert.deepEqual(checked.body, { valid: true, errors: [] });
  });

  it("seeds another instance, where {issuer}/ stands for that instance's issuer", async () => {
    const doc = await exportAll();
    const appId = doc.orgs.flatMap((o) => o.oidcApps ?? []).find((a) => a.app.redirectUris.includes("{issuer}/ui/demo/callback"))!.appId;
    const created = await ctl.createInstance({ body: { name: "from the seed's export", seed: { document: doc } } });
    assert.equal(created.status, 201, created.text);
    const { issuer } = created.body;

    // An export carries no PAT: the seed's admin-sa is a system owner, whose PAT works in every instance.
    const got = await byHost(`${issuer}/resources/v3alpha/apps/${appId}`, { headers: { authorization: `Bearer ${emu.adminPat}` } });
    const answer = (await got.json()) as { app: { clientId: string; oidc?: { redirectUris: string[] } } };
    assert.equal(got.status, 200, JSON.stringify(answer));
    assert.deepEqual(answer.app.oidc?.redirectUris, ["http://localhost:3000/callback", "{issuer}/ui/demo/callback"]);

    const authorize = (redirectUri: string) =>
      byHost(
        `${issuer}/oauth/v2/authorize?${new URLSearchParams({
          client_id: answer.app.clientId,
          redirect_uri: redirectUri,
          response_type: "code",
          scope: "openid",
          code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
          code_challenge_method: "S256",
        })}`,
        { redirect: "manual" },
      );
    const here = await authorize(`${issuer}/ui/demo/callback`);
    assert.equal(here.status, 302, await here.text());
    assert.ok(!(here.headers.get("location") ?? "").includes("error="), here.headers.get("location") ?? "");
    const elsewhere = await authorize(`${emu.url}/ui/demo/callback`);
    assert.equal(elsewhere.status, 400, "the default instance's issuer is not this instance's");
  });
});

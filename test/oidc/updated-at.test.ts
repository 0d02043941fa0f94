// The `updated_at` claim (OpenID Connect Core 5.1; docs/behaviour.md "updated_at"): the time the user
// last changed, in seconds since the epoch, the same instant the resource API answers as the user's
// `details.changeDate`. It is the same in the ID token, userinfo and introspection, does not move with
// the clock, and moves when the user changes.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { controlApi } from "../helpers/control-client.js";
import { Browser } from "../helpers/browser.js";
import { pkceSignIn } from "../helpers/pkce-sign-in.js";
import { seedClients } from "../helpers/seed-clients.js";
import { B } from "../helpers/resource-test.js";

const emu = await startTestEmulator();
const ctl = controlApi(emu);
const { browserApp, api } = await seedClients(emu.issuer);
const REDIRECT = "http://localhost:3000/callback";
const implicitApp = (await seedClients(emu.issuer)).browserApp;
// biome-ignore lint/correctness/useHookAtTopLevel: openid-client's switch to response_type id_token, not a React hook
client.useIdTokenResponseType(implicitApp);

/** The ID token of an implicit sign-in (response_type id_token: no access token, so it carries the profile claims). */
async function implicitIdToken(): Promise<client.IDToken> {
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(implicitApp, { redirect_uri: REDIRECT, scope: "openid profile", nonce });
  const b = new Browser(emu.url);
  const done = await b.submit(await b.go(url.toString()), "login", { loginName: "alice", password: "Password1!" });
  assert.ok(done.url.startsWith(REDIRECT), done.html);
  return client.implicitAuthentication(implicitApp, new URL(done.url), nonce);
}

/** `updated_at` of a fresh ID token, of userinfo and of introspection for a fresh access token. */
async function updatedAts(): Promise<{ sub: string; idToken: unknown; userinfo: unknown; introspection: unknown }> {
  const idToken = await implicitIdToken();
  const { callback, verifier } = await pkceSignIn(emu.url, browserApp, { redirectUri: REDIRECT, scope: "openid profile" });
  const tokens = await client.authorizationCodeGrant(browserApp, callback, { pkceCodeVerifier: verifier });
  const userinfo = await client.fetchUserInfo(browserApp, tokens.access_token, idToken.sub);
  const introspection = await client.tokenIntrospection(api, tokens.access_token);
  return { sub: idToken.sub, idToken: idToken.updated_at, userinfo: userinfo.updated_at, introspection: introspection.updated_at };
}

/** The user's `details.changeDate` as the resource API answers it, in whole seconds since the epoch. */
async function changeDateSeconds(id: string): Promise<number> {
  const got = await request(`${emu.url}${B}/users/${id}`, { token: emu.adminPat });
  assert.equal(got.status, 200, got.text);
  const changeDate = (got.body as { user: { details: { changeDate: string } } }).user.details.changeDate;
  return Math.floor(Date.parse(changeDate) / 1000);
}

const advance = async (by: string) => assert.equal((await ctl.advanceClock({ body: { by } })).status, 200);

describe("updated_at", () => {
  it("is the user's change date in the ID token, userinfo and introspection; the clock does not move it, a change does", async () => {
    const first = await updatedAts();
    const seeded = await changeDateSeconds(first.sub);
    assert.deepEqual(first, { sub: first.sub, idToken: seeded, userinfo: seeded, introspection: seeded });

    await advance("3h");
    assert.deepEqual(await updatedAts(), first, "a later sign-in reports the same time while the user is unchanged");

    await advance("1h");
    const patched = await request(`${emu.url}${B}/users/human/${first.sub}`, {
      method: "PATCH",
      token: emu.adminPat,
      json: { profile: { givenName: "Alicia", familyName: "Allen" } },
    });
    assert.equal(patched.status, 200, patched.text);
    const changed = await changeDateSeconds(first.sub);
    assert.equal(changed - seeded >= 4 * 3600, true, `the change date moved by the advanced clock (${seeded} -> ${changed})`);
    assert.deepEqual(await updatedAts(), { sub: first.sub, idToken: changed, userinfo: changed, introspection: changed });
  });

  it("is a machine user's change date in introspection, and stays while the machine is unchanged", async () => {
    const { worker } = await seedClients(emu.issuer);
    const project = (await ctl.events({ query: { type: "project.added" } })).body.events[0]!.aggregateId;
    const scope = `urn:svc:iam:org:project:id:${project}:aud profile`;
    const introspect = async () => client.tokenIntrospection(api, (await client.clientCredentialsGrant(worker, { scope })).access_token);
    const before = await introspect();
    assert.equal(before.updated_at, await changeDateSeconds(before.sub!));
    await advance("2h");
    assert.equal((await introspect()).updated_at, before.updated_at);
  });
});

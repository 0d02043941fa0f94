// Faults on the OIDC surface met by real clients (issue 29): openid-client gets invalid_grant and
// temporarily_unavailable from the token endpoint, a 503 with Retry-After at userinfo, a body cut
// short and a dropped connection; jose's createRemoteJWKSet fails while the key set is faulted and
// recovers after; a token issued "already expired" is refused by introspection at once and one
// issued "expires in N s" says so; a failed login comes back to the app as access_denied.

import { describe, it, beforeEach } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { createRemoteJWKSet, jwtVerify, decodeJwt } from "jose";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";
import { Browser } from "../helpers/browser.js";
import { faultControl, refusal as refusalOf } from "../helpers/faults.js";
import { seedClients } from "../helpers/seed-clients.js";

const emu = await startTestEmulator();
const ctl = rawControl(emu);
const control = controlApi(emu);
const { worker, api, browserApp } = await seedClients(emu.issuer);
const REDIRECT = "http://localhost:3000/callback";
// demo-api introspects tokens whose audience holds its project.
const project = (await control.events({ query: { type: "project.added" } })).body.events[0]!.aggregateId;
const API_AUDIENCE = `openid urn:svc:iam:org:project:id:${project}:aud`;

const { add: addFault, hits } = faultControl(control);
const refusal = (p: Promise<unknown>) => refusalOf<client.ResponseBodyError & { cause?: unknown; response?: Response }>(p);

beforeEach(async () => {
  await ctl("/faults", { method: "DELETE" });
});

describe("faults at the OIDC endpoints, through real clients", () => {
  it("openid-client meets invalid_grant once, then gets tokens", async () => {
    const f = await addFault({
      where: { endpoint: "token", clientId: "demo-worker" },
      what: { kind: "oauthError", error: "invalid_grant", description: "the grant is gone" },
      times: 1,
    });
    const e = await refusal(client.clientCredentialsGrant(worker, { scope: "openid" }));
    assert.ok(e instanceof client.ResponseBodyError, String(e));
    assert.deepEqual([e.error, e.error_description, e.status], ["invalid_grant", "the grant is gone", 400]);
    assert.ok((await client.clientCredentialsGrant(worker, { scope: "openid" })).access_token);
    assert.equal(await hits(f.id), 1);
  });

  it("openid-client meets temporarily_unavailable with Retry-After, and another client is not touched", async () => {
    await addFault({ where: { endpoint: "token", clientId: "demo-worker" }, what: { kind: "oauthError", error: "temporarily_unavailable", retryAfter: 5 } });
    const e = await refusal(client.clientCredentialsGrant(worker, { scope: "openid" }));
    assert.ok(e instanceof client.ResponseBodyError, String(e));
    assert.deepEqual([e.error, e.status], ["temporarily_unavailable", 400]);
    assert.equal(e.response.headers.get("retry-after"), "5");
    // demo-browser is another client: its token requests pass.
    assert.ok((await signIn(new Browser(emu.url))).access_token);
  });

  it("answers an OAuth error with the status the fault gives: openid-client reports a 503 as an unexpected status", async () => {
    await addFault({ where: { endpoint: "token" }, what: { kind: "oauthError", error: "temporarily_unavailable", status: 503 }, times: 1 });
    const e = await refusal(client.clientCredentialsGrant(worker, { scope: "openid" }));
    assert.ok(!(e instanceof client.ResponseBodyError));
    const response = (e as { cause?: unknown }).cause as Response;
    assert.equal(response.status, 503);
    assert.deepEqual(await response.json(), { error: "temporarily_unavailable", error_description: "a fault the emulator was asked to inject" });
  });

  it("answers userinfo 503 with Retry-After", async () => {
    const tokens = await client.clientCredentialsGrant(worker, { scope: "openid profile" });
    await addFault({ where: { endpoint: "userinfo" }, what: { kind: "http", status: 503, body: "", retryAfter: 30 }, times: 1 });
    const r = await request(`${emu.url}/oidc/v1/userinfo`, { token: tokens.access_token });
    assert.deepEqual([r.status, r.headers.get("retry-after"), r.text], [503, "30", ""]);
    const again = await request(`${emu.url}/oidc/v1/userinfo`, { token: tokens.access_token });
    assert.equal(again.status, 200, again.text);
  });

  it("cuts a token response short: openid-client cannot parse it", async () => {
    await addFault({ where: { endpoint: "token" }, what: { kind: "truncate" }, times: 1 });
    const raw = await request(`${emu.url}/oauth/v2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", client_id: "demo-worker", client_secret: "demo-worker-secret" }),
    });
    assert.equal(raw.status, 200);
    assert.equal(raw.body, undefined, "not JSON");
    assert.ok(raw.text.startsWith('{"token_type":"Bearer"') && !raw.text.endsWith("}"), raw.text);
    await addFault({ where: { endpoint: "token" }, what: { kind: "truncate" }, times: 1 });
    const e = await refusal(client.clientCredentialsGrant(worker, { scope: "openid" }));
    assert.ok(!(e instanceof client.ResponseBodyError), "no OAuth error: a broken body");
  });

  it("drops the connection: the client's request fails", async () => {
    await addFault({ where: { endpoint: "introspect" }, what: { kind: "drop" }, times: 1 });
    const e = await refusal(client.tokenIntrospection(api, "whatever"));
    assert.ok(!(e instanceof client.ResponseBodyError), String(e));
    assert.equal((await client.tokenIntrospection(api, "whatever")).active, false);
  });

  it("makes a jose remote key set fail while the key set is faulted, and recover after", async () => {
    const jwt = (await signIn(new Browser(emu.url))).id_token!;
    const f = await addFault({ where: { endpoint: "jwks" }, what: { kind: "http", status: 503, body: "" } });
    const keys = createRemoteJWKSet(new URL(`${emu.issuer}/oauth/v2/keys`), { cooldownDuration: 0 });
    await assert.rejects(jwtVerify(jwt, keys, { issuer: emu.issuer }));
    assert.ok((await hits(f.id)) >= 1);
    await ctl(`/faults/${f.id}`, { method: "DELETE" });
    const verified = await jwtVerify(jwt, keys, { issuer: emu.issuer });
    assert.equal(verified.payload.iss, emu.issuer);
  });

  it("issues an already expired token: introspection refuses it at once", async () => {
    await addFault({ where: { endpoint: "token", grantType: "client_credentials" }, what: { kind: "expiredToken" }, times: 1 });
    const expired = await client.clientCredentialsGrant(worker, { scope: API_AUDIENCE });
    assert.equal(expired.expires_in, 0);
    assert.deepEqual(await client.tokenIntrospection(api, expired.access_token), { active: false });
    const fresh = await client.clientCredentialsGrant(worker, { scope: API_AUDIENCE });
    assert.equal((await client.tokenIntrospection(api, fresh.access_token)).active, true);
  });

  it("issues tokens that expire in N seconds", async () => {
    await addFault({ where: { endpoint: "token" }, what: { kind: "tokenExpiresIn", seconds: 90 }, times: 1 });
    const t = await client.clientCredentialsGrant(worker, { scope: API_AUDIENCE });
    assert.equal(t.expires_in, 90);
    const seen = await client.tokenIntrospection(api, t.access_token);
    assert.equal(Number(seen.exp) - Number(seen.iat), 90);
    await ctl("/clock/_advance", { method: "POST", json: { by: "91s" } });
    try {
      assert.equal((await client.tokenIntrospection(api, t.access_token)).active, false);
    } finally {
      await ctl("/clock/_reset", { method: "POST" });
    }
  });

  it("issues JWT access tokens whose exp follows the fault", async () => {
    // demo-worker's access tokens are opaque or JWT by its settings; the ID token of a code flow is a JWT either way.
    await addFault({ where: { endpoint: "token", grantType: "authorization_code" }, what: { kind: "tokenExpiresIn", seconds: 120 }, times: 1 });
    const tokens = await signIn(new Browser(emu.url));
    const claims = decodeJwt(tokens.id_token!);
    assert.equal(claims.exp! - claims.iat!, 120);
    assert.equal(tokens.expires_in, 120);
  });

  it("sends a failed login back to the app as access_denied, with its state", async () => {
    const f = await addFault({ where: { endpoint: "login" }, what: { kind: "oauthError", error: "access_denied", description: "the login failed" }, times: 1 });
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(browserApp, {
      redirect_uri: REDIRECT,
      scope: "openid",
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
      state,
    });
    const back = await new Browser(emu.url).go(url.toString());
    assert.equal(back.status, 302);
    const at = new URL(back.url);
    assert.equal(`${at.origin}${at.pathname}`, REDIRECT);
    assert.deepEqual(Object.fromEntries(at.searchParams), { error: "access_denied", error_description: "the login failed", state });
    assert.equal(await hits(f.id), 1);
  });

  it("answers authorize with the fault's error at the client's redirect URI, and on the error page for an unknown client", async () => {
    await addFault({ where: { endpoint: "authorize" }, what: { kind: "oauthError", error: "server_error" }, times: 2 });
    const url = client.buildAuthorizationUrl(browserApp, { redirect_uri: REDIRECT, scope: "openid", state: "s1" });
    const back = await new Browser(emu.url).go(url.toString());
    assert.equal(new URL(back.url).searchParams.get("error"), "server_error");
    assert.equal(new URL(back.url).searchParams.get("state"), "s1");
    const unknown = await request(
      `${emu.url}/oauth/v2/authorize?client_id=nobody&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&scope=openid`,
      {
        redirect: "manual",
      },
    );
    assert.equal(unknown.status, 500);
    assert.match(unknown.text, /server_error/);
    assert.equal(unknown.headers.get("content-type"), "text/html; charset=utf-8");
    assert.equal(unknown.headers.get("location"), null);
  });
});

async function signIn(browser: Browser) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(browserApp, {
    redirect_uri: REDIRECT,
    scope: "openid",
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
  });
  const login = await browser.go(url.toString());
  const callback = await browser.submit(login, "login", { loginName: "alice", password: "Password1!" });
  return client.authorizationCodeGrant(browserApp, new URL(callback.url), { pkceCodeVerifier: verifier, expectedState: state });
}

// OIDC faults narrowed to a user, and the journal's user on the OIDC surface (issue 29): a fault
// narrowed to alice answers her requests wherever the endpoint knows the user (the token endpoint's
// code, refresh, client credentials and device code grants, userinfo, introspection and revocation of
// her token, end session with her hint, authorize with her session, the login and device pages she
// signs in on) and leaves everyone else's alone, and requests that name a user in broken ways; the
// journal records the user at each of these.

import { describe, it, beforeEach } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";
import { Browser } from "../helpers/browser.js";
import { withApps } from "../helpers/fixtures.js";
import { faultControl, refusal as refusalOf } from "../helpers/faults.js";
import { seedClients } from "../helpers/seed-clients.js";
import { pkceSignIn } from "../helpers/pkce-sign-in.js";

const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
// One more public app, with the device grant.
const emu = await startTestEmulator({
  fixtures: withApps({
    type: "oidc",
    name: "TV app",
    clientId: "tv-app",
    authMethod: "none",
    redirectUris: ["http://localhost:3000/tv"],
    grantTypes: ["authorization_code", DEVICE_GRANT],
  }),
});
const ctl = rawControl(emu);
const control = controlApi(emu);
const { worker, api, browserApp } = await seedClients(emu.issuer);
const REDIRECT = "http://localhost:3000/callback";
const events = async (type: string) => (await control.events({ query: { type, limit: 1000 } })).body.events;
const idOf = async (type: string, username: string) => (await events(type)).find((e) => e.payload.username === username)!.aggregateId;
const alice = await idOf("user.human.added", "alice");
const admin = await idOf("user.human.added", "admin");
const workerUser = await idOf("user.machine.added", "demo-worker");
const project = (await events("project.added"))[0]!.aggregateId;
const SCOPE = `openid offline_access urn:svc:iam:org:project:id:${project}:aud`;

const { add: addFault, hits } = faultControl(control);
const refusal = (p: Promise<unknown>) => refusalOf<client.ResponseBodyError>(p);
const journal = async (endpoint: string) => (await control.requests({ query: { endpoint } })).body.requests;
const usersAt = async (endpoint: string) => (await journal(endpoint)).map((e) => [e.status, e.userId]);

/** An authorization request of demo-browser; its code is never exchanged. */
const authorizeUrl = (state: string) =>
  client.buildAuthorizationUrl(browserApp, { redirect_uri: REDIRECT, scope: "openid", code_challenge: "x".repeat(43), code_challenge_method: "S256", state });

/** Signs `loginName` in on a fresh browser; the tokens and the browser (its session). */
async function signIn(loginName: string) {
  const { callback, verifier, browser } = await pkceSignIn(emu.url, browserApp, { redirectUri: REDIRECT, scope: SCOPE, loginName });
  return { tokens: await client.authorizationCodeGrant(browserApp, callback, { pkceCodeVerifier: verifier }), browser };
}

beforeEach(async () => {
  await ctl("/faults", { method: "DELETE" });
  await ctl("/requests", { method: "DELETE" });
});

describe("OIDC faults narrowed to a user", () => {
  it("the token endpoint: alice's code and refresh grants fail, admin's pass; the journal names each user", async () => {
    const f = await addFault({ where: { endpoint: "token", userId: alice }, what: { kind: "oauthError", error: "invalid_grant", description: "not alice" } });
    const e = await refusal(signIn("alice"));
    assert.ok(e instanceof client.ResponseBodyError, String(e));
    assert.deepEqual([e.error, e.error_description], ["invalid_grant", "not alice"]);
    const adminTokens = (await signIn("admin")).tokens;
    assert.ok(adminTokens.refresh_token);
    assert.ok((await client.refreshTokenGrant(browserApp, adminTokens.refresh_token)).access_token);
    assert.equal(await hits(f.id), 1);
    assert.deepEqual(await usersAt("token"), [
      [400, alice],
      [200, admin],
      [200, admin],
    ]);
    await ctl(`/faults/${f.id}`, { method: "DELETE" });
    const aliceTokens = (await signIn("alice")).tokens;
    await addFault({ where: { endpoint: "token", grantType: "refresh_token", userId: alice }, what: { kind: "oauthError", error: "invalid_grant" }, times: 1 });
    assert.equal((await refusal(client.refreshTokenGrant(browserApp, aliceTokens.refresh_token!))).error, "invalid_grant");
    assert.ok((await client.refreshTokenGrant(browserApp, aliceTokens.refresh_token!)).access_token);
  });

  it("client credentials: the machine user behind the client id", async () => {
    const f = await addFault({ where: { endpoint: "token", userId: workerUser }, what: { kind: "oauthError", error: "temporarily_unavailable" }, times: 1 });
    assert.equal((await refusal(client.clientCredentialsGrant(worker, { scope: "openid" }))).error, "temporarily_unavailable");
    assert.ok((await client.clientCredentialsGrant(worker, { scope: "openid" })).access_token);
    assert.equal(await hits(f.id), 1);
    assert.deepEqual(await usersAt("token"), [
      [400, workerUser],
      [200, workerUser],
    ]);
  });

  it("userinfo, introspection and revocation of her token; another user's token passes", async () => {
    const aliceTokens = (await signIn("alice")).tokens;
    const adminTokens = (await signIn("admin")).tokens;
    const workerTokens = await client.clientCredentialsGrant(worker, { scope: SCOPE.replace(" offline_access", "") });
    await ctl("/requests", { method: "DELETE" });
    const u = await addFault({ where: { endpoint: "userinfo", userId: alice }, what: { kind: "http", status: 503, retryAfter: 7 } });
    const i = await addFault({ where: { endpoint: "introspect", userId: alice }, what: { kind: "oauthError", error: "invalid_request", description: "no" } });
    const r = await addFault({ where: { endpoint: "revoke", userId: alice }, what: { kind: "http", status: 500, body: "revocation is down" } });
    const info = await request(`${emu.url}/oidc/v1/userinfo`, { token: aliceTokens.access_token });
    assert.deepEqual([info.status, info.headers.get("retry-after")], [503, "7"]);
    assert.equal((await request(`${emu.url}/oidc/v1/userinfo`, { token: workerTokens.access_token })).status, 200);
    assert.equal((await refusal(client.tokenIntrospection(api, aliceTokens.access_token))).error, "invalid_request");
    assert.equal((await client.tokenIntrospection(api, workerTokens.access_token)).active, true);
    const revoke = (token: string) =>
      request(`${emu.url}/oauth/v2/revoke`, { method: "POST", body: new URLSearchParams({ token, client_id: "demo-browser" }) });
    const revoked = await revoke(aliceTokens.refresh_token!);
    assert.deepEqual([revoked.status, revoked.text], [500, "revocation is down"]);
    assert.equal((await revoke(adminTokens.refresh_token!)).status, 200);
    assert.deepEqual([await hits(u.id), await hits(i.id), await hits(r.id)], [1, 1, 1]);
    assert.deepEqual(await usersAt("userinfo"), [
      [503, alice],
      [200, workerUser],
    ]);
    assert.deepEqual(await usersAt("introspect"), [
      [400, alice],
      [200, workerUser],
    ]);
    assert.deepEqual(await usersAt("revoke"), [
      [500, alice],
      [200, admin],
    ]);
  });

  it("the login page she signs in on sends access_denied to the app; admin signs in", async () => {
    const f = await addFault({
      where: { endpoint: "login", userId: alice },
      what: { kind: "oauthError", error: "access_denied", description: "alice may not" },
    });
    const state = client.randomState();
    const url = authorizeUrl(state);
    const browser = new Browser(emu.url);
    const login = await browser.go(url.toString());
    assert.equal(login.status, 200, "the login page itself names no user yet");
    const back = await browser.submit(login, "login", { loginName: "alice", password: "Password1!" });
    assert.deepEqual(Object.fromEntries(new URL(back.url).searchParams), { error: "access_denied", error_description: "alice may not", state });
    assert.ok((await signIn("admin")).tokens.access_token);
    assert.equal(await hits(f.id), 1);
    assert.deepEqual((await usersAt("login")).slice(0, 2), [
      [200, null],
      [302, alice],
    ]);
  });

  it("authorize with her session, and end session with her hint", async () => {
    const { tokens, browser } = await signIn("alice");
    await ctl("/requests", { method: "DELETE" });
    const a = await addFault({ where: { endpoint: "authorize", userId: alice }, what: { kind: "oauthError", error: "login_required" }, times: 1 });
    const url = authorizeUrl("s");
    assert.equal(new URL((await browser.go(url.toString())).url).searchParams.get("error"), "login_required");
    // A browser with no session names no user: the fault is not spent on it.
    const stranger = await new Browser(emu.url).go(url.toString());
    assert.equal(stranger.status, 200, "the login form");
    assert.equal(await hits(a.id), 1);
    // Her session finishes the next authorization at once: the journal names her.
    assert.ok(new URL((await browser.go(url.toString())).url).searchParams.get("code"));
    assert.deepEqual(await usersAt("authorize"), [
      [302, alice],
      [302, null],
      [302, alice],
    ]);
    const e = await addFault({ where: { endpoint: "end_session", userId: alice }, what: { kind: "http", status: 503 }, times: 1 });
    const logout = `${emu.url}/oidc/v1/end_session?id_token_hint=${tokens.id_token}`;
    assert.equal((await request(logout, { redirect: "manual" })).status, 503);
    assert.equal(await hits(e.id), 1);
    assert.equal((await request(logout, { redirect: "manual" })).status, 200);
    assert.deepEqual(await usersAt("end_session"), [
      [503, alice],
      [200, alice],
    ]);
  });

  it("the device code grant: no user while the device waits, then the user who allowed it; the consent pages name her", async () => {
    const post = (path: string, fields: Record<string, string>) => request(`${emu.url}${path}`, { method: "POST", body: new URLSearchParams(fields) });
    const started = await post("/oauth/v2/device_authorization", { client_id: "tv-app", scope: "openid" });
    const { device_code, user_code } = started.body as { device_code: string; user_code: string };
    const poll = () => post("/oauth/v2/token", { grant_type: DEVICE_GRANT, client_id: "tv-app", device_code });
    const f = await addFault({ where: { endpoint: "token", grantType: DEVICE_GRANT, userId: alice }, what: { kind: "oauthError", error: "access_denied" } });
    const pending = await poll();
    assert.deepEqual([pending.status, (pending.body as { error: string }).error], [400, "authorization_pending"]);
    assert.equal(await hits(f.id), 0, "a waiting device names no user");
    const browser = new Browser(emu.url);
    const login = await browser.submit(await browser.go("/ui/login/device"), "device", { user_code });
    const consent = await browser.submit(login, "login", { loginName: "alice", password: "Password1!" });
    const done = await browser.submit(consent, "allowed", {});
    assert.equal(done.status, 200, done.html);
    const denied = await poll();
    assert.deepEqual([denied.status, (denied.body as { error: string }).error], [400, "access_denied"]);
    assert.equal(await hits(f.id), 1);
    assert.deepEqual(await usersAt("token"), [
      [400, null],
      [400, alice],
    ]);
    // The consent page and the decision name the user who signed in on this browser.
    assert.deepEqual((await journal("login")).map((e) => e.userId).slice(-3), [alice, alice, alice]);
  });

  it("requests that name a user in broken ways get their own errors; the fault answers none of them", async () => {
    const faults = await Promise.all(
      ["token", "userinfo", "introspect", "revoke", "end_session", "authorize", "login"].map((endpoint) =>
        addFault({ where: { endpoint, userId: alice }, what: { kind: "http", status: 418 } }),
      ),
    );
    const post = (path: string, body: string, auth?: string) =>
      request(`${emu.url}${path}`, {
        method: "POST",
        body,
        headers: { "content-type": "application/x-www-form-urlencoded", ...(auth ? { authorization: auth } : {}) },
      });
    const statuses = [
      (await post("/oauth/v2/token", "grant_type=refresh_token&client_id=demo-browser&refresh_token=not-a-token")).status,
      (await post("/oauth/v2/token", "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=a.b.c&client_id=demo-worker")).status,
      (await post("/oauth/v2/token", "grant_type=authorization_code&code=&client_id=demo-browser")).status,
      (await request(`${emu.url}/oidc/v1/userinfo`, { token: "x.y.z" })).status,
      (await post("/oauth/v2/introspect", "token=%00", `Basic ${Buffer.from("demo-api:demo-api-secret").toString("base64")}`)).status,
      (await post("/oauth/v2/revoke", "token=&client_id=demo-browser")).status,
      (await request(`${emu.url}/oidc/v1/end_session?id_token_hint=e30.e30.e30`, { redirect: "manual" })).status,
      (await request(`${emu.url}/oauth/v2/authorize?client_id=demo-browser&id_token_hint=%E2%80`, { redirect: "manual" })).status,
      (await post("/ui/login/login", "authRequest=nope&loginName=nobody")).status,
    ];
    assert.ok(
      statuses.every((s) => s !== 418 && s < 500),
      `no fault, no server error: ${statuses.join(", ")}`,
    );
    for (const f of faults) assert.equal(await hits(f.id), 0);
  });

  it("no user is known at discovery, jwks and device authorization: a user id there is refused, nothing stored", async () => {
    for (const endpoint of ["discovery", "jwks", "device_authorization"]) {
      const r = await control.addFault({ body: { where: { endpoint, userId: alice }, what: { kind: "drop" } } });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.error.field, "where.userId");
    }
    assert.deepEqual((await control.faults()).body.faults, []);
  });
});

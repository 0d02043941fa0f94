// Spending a grant's code and issuing its tokens commit together or not at all (issue 24, item 5):
// an interrupting preaccesstoken target answering 500 fails the token request with server_error and
// leaves the authorization code, the device code, the refresh token and an implicit request usable
// once the target recovers; concurrent requests with one code, device code or refresh token give
// tokens once.

import { describe, it, beforeEach } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { decodeJwt } from "jose";
import { SvcActions } from "../../emulator/src/gen/svc/resources/action/v3alpha/action_service_pb.js";
import { ok } from "../helpers/assertions.js";
import { Browser } from "../helpers/browser.js";
import { pkceSignIn } from "../helpers/pkce-sign-in.js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { withApps } from "../helpers/fixtures.js";
import { startTargetServer } from "../helpers/target-server.js";
import { ACTIONS_ROUTES, transportsFor } from "../helpers/transports.js";

const REDIRECT = "http://localhost:3000/callback";
const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
const emu = await startTestEmulator({
  fixtures: withApps({
    type: "oidc",
    name: "JWT app",
    clientId: "jwt-app",
    authMethod: "none",
    redirectUris: [REDIRECT],
    accessTokenType: "jwt",
    responseTypes: ["code", "id_token token"],
    grantTypes: ["authorization_code", "implicit", "refresh_token", DEVICE_GRANT],
  }),
});
const ctl = control(emu);
const set = transportsFor(emu.url, { service: SvcActions, protoFile: "svc/resources/action/v3alpha/action_service.proto", routes: ACTIONS_ROUTES });
const rest = set.all.find((t) => t.name === "rest")!;
const server = await startTargetServer();
const insecure = { execute: [client.allowInsecureRequests] };
const app = await client.discovery(new URL(emu.issuer), "jwt-app", undefined, client.None(), insecure);
const TOKEN = `${emu.url}/oauth/v2/token`;

/** An interrupting preaccesstoken target at /claims; `answer` sets how it answers from now on. */
async function claimsTarget() {
  const body = ok(
    await rest.call(
      "CreateTarget",
      { target: { name: "claims", restRequestResponse: { url: server.url("/claims") }, timeout: "5s", interruptOnError: true } },
      emu.adminPat,
    ),
    201,
  );
  ok(
    await rest.call("PutExecution", { execution: { condition: { function: "preaccesstoken" }, targets: [(body.details as { id: string }).id] } }, emu.adminPat),
  );
}
const targetDown = () => server.answer("/claims", { status: 500 });
/** The target answers; `heldUntil`: only once that many calls arrived, so concurrent requests are all past their checks before any commits. */
const targetUp = (heldUntil?: number) => server.answer("/claims", { body: { append_claims: [{ key: "plan", value: "gold" }] }, heldUntil });

/** alice signs in with PKCE: the callback URL with the code, and the verifier. */
const signIn = (scope = "openid offline_access") => pkceSignIn(emu.url, app, { redirectUri: REDIRECT, scope });

const form = async (body: Record<string, string>) => {
  const r = await request(TOKEN, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(body).toString(),
  });
  return { status: r.status, body: r.body as Record<string, string> };
};
const eventTypes = async (type: string) => (await ctl.as("events", `/events?type=${type}&limit=1000`)).body.events;
/** Whether the emulator holds the token as active (the control API's view of any token, refresh tokens too). */
const introspect = async (token: string) =>
  (await ctl.as("introspectToken", "/tokens/_introspect", { method: "POST", json: { token } })).body.token?.active ?? false;
const tokenCount = async () => (await eventTypes("oidc.token.added")).length;

/** The token endpoint's error as openid-client reports it (status and body of the response it rejected). */
async function failure(p: Promise<unknown>) {
  const e = (await p.then(
    () => assert.fail("the token request succeeded"),
    (err: unknown) => err,
  )) as Error & { cause?: Response; error?: string; status?: number };
  if (e.cause instanceof Response) return { status: e.cause.status, body: (await e.cause.json()) as Record<string, string> };
  return { status: e.status, body: { error: e.error } as Record<string, string> };
}

beforeEach(async () => {
  assert.equal((await ctl("/reset", { method: "POST" })).status, 200);
  server.clear();
  await claimsTarget();
});

describe("authorization code: spent in the commit of its tokens", () => {
  it("openid-client meets server_error while the target fails, then gets tokens with the same code once it recovers", async () => {
    targetDown();
    const { callback, verifier } = await signIn();
    const failed = await failure(client.authorizationCodeGrant(app, callback, { pkceCodeVerifier: verifier }));
    assert.equal(failed.status, 500);
    assert.equal(failed.body.error, "server_error");
    assert.match(failed.body.error_description!, /function\/preaccesstoken: Execution failed: target claims answered 500/);
    // Nothing of the failed request was written: no token, the code not spent.
    assert.equal(await tokenCount(), 0);
    assert.equal((await eventTypes("oidc.auth_request.code_exchanged")).length, 0);

    targetUp();
    const tokens = await client.authorizationCodeGrant(app, callback, { pkceCodeVerifier: verifier });
    assert.equal(decodeJwt(tokens.access_token).plan, "gold");
    assert.ok(tokens.refresh_token);
    assert.equal(await introspect(tokens.access_token), true);
    assert.equal((await eventTypes("oidc.auth_request.code_exchanged")).length, 1);
    assert.equal(await tokenCount(), 2);

    // Spent now: a third exchange is a replay, which revokes what the code gave.
    const replay = await failure(client.authorizationCodeGrant(app, callback, { pkceCodeVerifier: verifier }));
    assert.deepEqual([replay.status, replay.body.error], [400, "invalid_grant"]);
    assert.equal(await introspect(tokens.access_token), false);
  });

  it("of concurrent exchanges of one code exactly one gives tokens; the others are replays", async () => {
    // The target answers once all six called it: every request is past its checks when the first commits.
    targetUp(6);
    const { callback, verifier } = await signIn();
    const code = callback.searchParams.get("code")!;
    const exchange = { grant_type: "authorization_code", client_id: "jwt-app", code, redirect_uri: REDIRECT, code_verifier: verifier };
    const answers = await Promise.all(Array.from({ length: 6 }, () => form(exchange)));
    const won = answers.filter((a) => a.status === 200);
    assert.equal(won.length, 1, JSON.stringify(answers.map((a) => a.status)));
    for (const a of answers.filter((x) => x.status !== 200))
      assert.deepEqual(a, { status: 400, body: { error: "invalid_grant", error_description: "the code was already used; the tokens it gave are revoked" } });
    assert.equal(server.to("/claims").length, 6);
    assert.equal((await eventTypes("oidc.auth_request.code_exchanged")).length, 1);
    // One access and one refresh token, revoked by the replays (RFC 6749 4.1.2).
    assert.equal(await tokenCount(), 2);
    assert.equal(await introspect(won[0]!.body.access_token!), false);
  });
});

describe("refresh token: rotated in the commit of the new tokens", () => {
  async function refreshTokenOfAlice() {
    targetUp();
    const { callback, verifier } = await signIn();
    const tokens = await client.authorizationCodeGrant(app, callback, { pkceCodeVerifier: verifier });
    return tokens.refresh_token!;
  }

  it("a failed refresh leaves the refresh token usable; it then rotates once", async () => {
    const refresh = await refreshTokenOfAlice();
    targetDown();
    const failed = await failure(client.refreshTokenGrant(app, refresh));
    assert.deepEqual([failed.status, failed.body.error], [500, "server_error"]);
    assert.equal(await introspect(refresh), true);
    targetUp();
    const next = await client.refreshTokenGrant(app, refresh);
    assert.equal(decodeJwt(next.access_token).plan, "gold");
    assert.equal(await introspect(refresh), false);
    assert.equal(await introspect(next.refresh_token!), true);
  });

  it("of concurrent refreshes with one refresh token exactly one gives tokens", async () => {
    const refresh = await refreshTokenOfAlice();
    const before = await tokenCount();
    targetUp(6);
    const answers = await Promise.all(Array.from({ length: 6 }, () => form({ grant_type: "refresh_token", client_id: "jwt-app", refresh_token: refresh })));
    const won = answers.filter((a) => a.status === 200);
    assert.equal(won.length, 1, JSON.stringify(answers.map((a) => a.status)));
    for (const a of answers.filter((x) => x.status !== 200))
      assert.deepEqual(a, { status: 400, body: { error: "invalid_grant", error_description: "the refresh token was revoked" } });
    assert.equal((await tokenCount()) - before, 2);
    assert.equal(await introspect(won[0]!.body.refresh_token!), true);
    assert.equal(await introspect(won[0]!.body.access_token!), true);
  });
});

describe("device code: spent in the commit of its tokens", () => {
  async function approvedDevice() {
    const d = await client.initiateDeviceAuthorization(app, { scope: "openid" });
    const browser = new Browser(emu.url);
    const login = await browser.submit(await browser.go(d.verification_uri_complete!), "device", { user_code: d.user_code });
    const consent = await browser.submit(login, "login", { loginName: "alice", password: "Password1!" });
    assert.match((await browser.submit(consent, "allowed", {})).html, /The device is connected/);
    return d;
  }
  const poll = (deviceCode: string) => form({ grant_type: DEVICE_GRANT, client_id: "jwt-app", device_code: deviceCode });

  it("a failed poll leaves the approved device code usable; it then gives tokens once", async () => {
    const d = await approvedDevice();
    targetDown();
    const failed = await poll(d.device_code);
    assert.deepEqual([failed.status, failed.body.error], [500, "server_error"]);
    assert.equal(await tokenCount(), 0);
    targetUp();
    const tokens = await poll(d.device_code);
    assert.equal(tokens.status, 200);
    assert.equal(decodeJwt(tokens.body.access_token!).plan, "gold");
    assert.deepEqual(await poll(d.device_code), { status: 400, body: { error: "invalid_grant", error_description: "the device code was already used" } });
  });

  it("of concurrent polls with one approved device code exactly one gives tokens", async () => {
    const d = await approvedDevice();
    targetUp(6);
    const answers = await Promise.all(Array.from({ length: 6 }, () => poll(d.device_code)));
    assert.equal(answers.filter((a) => a.status === 200).length, 1, JSON.stringify(answers.map((a) => a.status)));
    for (const a of answers.filter((x) => x.status !== 200))
      assert.deepEqual(a, { status: 400, body: { error: "invalid_grant", error_description: "the device code was already used" } });
    assert.equal(await tokenCount(), 1);
    assert.equal((await eventTypes("oidc.device_authorization.token_issued")).length, 1);
  });
});

describe("implicit flow: the request is finished in the commit of its tokens", () => {
  it("a sign-in whose tokens failed leaves the request open: signing in again gives the tokens", async () => {
    targetDown();
    const url = new URL(`${emu.issuer}/oauth/v2/authorize`);
    for (const [k, v] of Object.entries({
      client_id: "jwt-app",
      redirect_uri: REDIRECT,
      response_type: "id_token token",
      scope: "openid",
      nonce: "n-1",
      state: "s",
    }))
      url.searchParams.set(k, v);
    const b = new Browser(emu.url);
    const login = await b.go(url.toString());
    const failed = await b.submit(login, "login", { loginName: "alice", password: "Password1!" });
    assert.equal(failed.status, 302);
    const error = new URLSearchParams(new URL(failed.url).hash.slice(1));
    assert.deepEqual([error.get("error"), error.get("state")], ["server_error", "s"]);
    assert.equal(await tokenCount(), 0);

    targetUp();
    const done = await b.submit(login, "login", { loginName: "alice", password: "Password1!" });
    assert.equal(done.status, 302);
    const tokens = new URLSearchParams(new URL(done.url).hash.slice(1));
    assert.equal(decodeJwt(tokens.get("access_token")!).plan, "gold");
    assert.ok(tokens.get("id_token"));
    assert.equal((await eventTypes("oidc.auth_request.succeeded")).length, 1);
    // Finished now: the same request cannot be signed in a third time.
    const again = await b.submit(login, "login", { loginName: "alice", password: "Password1!" });
    assert.equal(again.status, 400);
    assert.match(again.html, /this authorization request is already finished/);
  });
});

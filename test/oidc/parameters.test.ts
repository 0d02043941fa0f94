// Repeated request parameters (RFC 6749 3.1, 3.2; spec error tables: a repeated parameter is
// invalid_request) at every OIDC endpoint that reads a form or query string: token, introspection,
// revocation, authorize (GET and POST), end session (GET and POST) and the login pages' forms.
// Each is refused in its endpoint's own error format and changes nothing.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { Browser } from "../helpers/browser.js";
import { pkceSignIn } from "../helpers/pkce-sign-in.js";

const emu = await startTestEmulator();
const ctl = control(emu);
const insecure = { execute: [client.allowInsecureRequests] };
const REDIRECT = "http://localhost:3000/callback";
const browserApp = await client.discovery(new URL(emu.issuer), "demo-browser", undefined, client.None(), insecure);
const apiBasic = { authorization: `Basic ${Buffer.from("demo-api:demo-api-secret").toString("base64")}` };
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const NO_STORE = "no-store";

/** A form or query string with the pairs in order, repeated names included. */
const pairs = (...p: [string, string][]) => new URLSearchParams(p).toString();
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  request(`${emu.url}${path}`, { method: "POST", headers: { ...FORM, ...headers }, body, redirect: "manual" });
const get = (path: string, query: string) => request(`${emu.url}${path}?${query}`, { redirect: "manual" });

async function lastPosition(): Promise<number> {
  let after = 0;
  for (;;) {
    const page = (await ctl.as("events", `/events?after=${after}&limit=1000`)).body;
    if (page.events.length) after = page.events[page.events.length - 1]!.position;
    if (page.nextAfter === null) return after;
  }
}

/** Runs `fn` and asserts it appended no event. */
async function unchanged<T>(fn: () => Promise<T>): Promise<T> {
  const before = await lastPosition();
  const result = await fn();
  assert.equal(await lastPosition(), before, "no event was appended");
  return result;
}

const repeated = (name: string) => ({ error: "invalid_request", error_description: `parameter ${name} is repeated` });

async function signIn(scope = "openid offline_access") {
  const { browser, callback, verifier } = await pkceSignIn(emu.url, browserApp, { redirectUri: REDIRECT, scope });
  return { browser, code: callback.searchParams.get("code")!, verifier };
}

describe("token endpoint", () => {
  it("refuses a repeated grant_type, code, refresh_token or client_id as invalid_request, and the code still works once", async () => {
    const { code, verifier } = await signIn();
    const base: [string, string][] = [
      ["client_id", "demo-browser"],
      ["redirect_uri", REDIRECT],
      ["code_verifier", verifier],
    ];
    for (const [name, form] of [
      ["grant_type", pairs(["grant_type", "authorization_code"], ["grant_type", "authorization_code"], ["code", code], ...base)],
      ["code", pairs(["grant_type", "authorization_code"], ["code", code], ["code", "other"], ...base)],
      ["client_id", pairs(["grant_type", "authorization_code"], ["code", code], ["client_id", "demo-browser"], ...base)],
    ] as const) {
      const res = await unchanged(() => post("/oauth/v2/token", form));
      assert.equal(res.status, 400, name);
      assert.deepEqual(res.body, repeated(name));
      assert.equal(res.headers.get("cache-control"), NO_STORE);
    }
    const ok = await post("/oauth/v2/token", pairs(["grant_type", "authorization_code"], ["code", code], ...base));
    assert.equal(ok.status, 200, "the refused requests did not use up the code");
    const refresh = (ok.body as { refresh_token: string }).refresh_token;
    const twice = await unchanged(() =>
      post("/oauth/v2/token", pairs(["grant_type", "refresh_token"], ["refresh_token", refresh], ["refresh_token", refresh], ["client_id", "demo-browser"])),
    );
    assert.equal(twice.status, 400);
    assert.deepEqual(twice.body, repeated("refresh_token"));
  });

  it("names every repeated parameter", async () => {
    const res = await post(
      "/oauth/v2/token",
      pairs(["grant_type", "client_credentials"], ["scope", "a"], ["grant_type", "client_credentials"], ["scope", "b"], ["client_id", "demo-worker"]),
    );
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { error: "invalid_request", error_description: "parameters grant_type, scope are repeated" });
  });
});

describe("introspection and revocation", () => {
  it("introspection refuses a repeated token (400 invalid_request), the token stays active", async () => {
    const { code, verifier } = await signIn();
    const tokens = await post(
      "/oauth/v2/token",
      pairs(["grant_type", "authorization_code"], ["code", code], ["client_id", "demo-browser"], ["redirect_uri", REDIRECT], ["code_verifier", verifier]),
    );
    const access = (tokens.body as { access_token: string }).access_token;
    const res = await post("/oauth/v2/introspect", pairs(["token", access], ["token", "b"]), apiBasic);
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, repeated("token"));
    const single = await post("/oauth/v2/introspect", pairs(["token", access]), apiBasic);
    assert.equal((single.body as { active: boolean }).active, true);
  });

  it("revocation refuses a repeated token or client_id and revokes nothing", async () => {
    const { code, verifier } = await signIn();
    const tokens = (
      await post(
        "/oauth/v2/token",
        pairs(["grant_type", "authorization_code"], ["code", code], ["client_id", "demo-browser"], ["redirect_uri", REDIRECT], ["code_verifier", verifier]),
      )
    ).body as { access_token: string; refresh_token: string };
    const res = await unchanged(() =>
      post("/oauth/v2/revoke", pairs(["token", tokens.refresh_token], ["token", tokens.access_token], ["client_id", "demo-browser"])),
    );
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, repeated("token"));
    const ids = await unchanged(() =>
      post("/oauth/v2/revoke", pairs(["token", tokens.refresh_token], ["client_id", "demo-browser"], ["client_id", "demo-browser"])),
    );
    assert.deepEqual(ids.body, repeated("client_id"));
    const still = await post("/oauth/v2/introspect", pairs(["token", tokens.access_token]), apiBasic);
    assert.equal((still.body as { active: boolean }).active, true);
  });
});

describe("authorization endpoint", () => {
  const base: [string, string][] = [
    ["client_id", "demo-browser"],
    ["redirect_uri", REDIRECT],
    ["response_type", "code"],
    ["scope", "openid"],
    ["code_challenge", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"],
    ["code_challenge_method", "S256"],
    ["state", "s1"],
  ];

  it("shows a repeated client_id or redirect_uri on its own page: neither can be trusted to redirect to", async () => {
    for (const name of ["client_id", "redirect_uri"]) {
      const value = base.find(([k]) => k === name)![1];
      for (const res of [await get("/oauth/v2/authorize", pairs(...base, [name, value])), await post("/oauth/v2/authorize", pairs(...base, [name, value]))]) {
        assert.equal(res.status, 400, name);
        assert.equal(res.headers.get("location"), null);
        assert.match(res.headers.get("content-type")!, /^text\/html/);
        assert.match(res.text, new RegExp(`<strong>invalid_request</strong>: parameter ${name} is repeated`));
      }
    }
  });

  it("sends any other repeated parameter to the redirect URI as invalid_request, GET and POST", async () => {
    for (const send of [get, post]) {
      const res = await unchanged(() => send("/oauth/v2/authorize", pairs(...base, ["scope", "openid email"])));
      assert.equal(res.status, 302);
      const location = new URL(res.headers.get("location")!);
      assert.equal(location.origin + location.pathname, REDIRECT);
      assert.deepEqual(Object.fromEntries(location.searchParams), { ...repeated("scope"), state: "s1" });
    }
  });

  it("drops a repeated state and answers a repeated response_mode in the response type's default mode", async () => {
    const state = await get("/oauth/v2/authorize", pairs(...base, ["state", "s2"]));
    assert.equal(state.status, 302);
    assert.deepEqual(Object.fromEntries(new URL(state.headers.get("location")!).searchParams), repeated("state"));
    const mode = await get("/oauth/v2/authorize", pairs(...base, ["response_mode", "form_post"], ["response_mode", "fragment"]));
    assert.equal(mode.status, 302, "not a form_post page");
    assert.deepEqual(Object.fromEntries(new URL(mode.headers.get("location")!).searchParams), { ...repeated("response_mode"), state: "s1" });
  });
});

describe("end session", () => {
  it("shows a repeated parameter as an invalid_request page and ends no session, GET and POST", async () => {
    const { browser } = await signIn();
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const query = pairs(
      ["client_id", "demo-browser"],
      ["post_logout_redirect_uri", "http://localhost:3000/"],
      ["post_logout_redirect_uri", "http://evil.example/"],
    );
    for (const res of [
      await unchanged(() => request(`${emu.url}/oidc/v1/end_session?${query}`, { headers: { cookie }, redirect: "manual" })),
      await unchanged(() => request(`${emu.url}/oidc/v1/end_session`, { method: "POST", headers: { ...FORM, cookie }, body: query, redirect: "manual" })),
    ]) {
      assert.equal(res.status, 400);
      assert.equal(res.headers.get("location"), null);
      assert.match(res.text, /<strong>invalid_request<\/strong>: parameter post_logout_redirect_uri is repeated/);
    }
    // The session is still there: prompt=none finishes a new request with it.
    const again = await browser.go(
      client
        .buildAuthorizationUrl(browserApp, {
          redirect_uri: REDIRECT,
          scope: "openid",
          prompt: "none",
          code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
          code_challenge_method: "S256",
        })
        .toString(),
    );
    assert.ok(new URL(again.url).searchParams.get("code"));
  });
});

describe("login pages", () => {
  it("refuse repeated form fields and query parameters with an invalid_request page, signing nobody in", async () => {
    const b = new Browser(emu.url);
    const page = await b.go(
      client
        .buildAuthorizationUrl(browserApp, {
          redirect_uri: REDIRECT,
          scope: "openid",
          prompt: "login",
          code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
          code_challenge_method: "S256",
        })
        .toString(),
    );
    const authRequest = /name="authRequest" value="([^"]+)"/.exec(page.html)![1]!;
    const cases = [
      () =>
        post("/ui/login/login", pairs(["authRequest", authRequest], ["loginName", "alice"], ["loginName", "bob"], ["password", "Password1!"]), { cookie: "" }),
      () => post("/ui/login/login", pairs(["authRequest", authRequest], ["authRequest", authRequest], ["loginName", "alice"], ["password", "Password1!"])),
      () =>
        post(
          "/ui/login/register",
          pairs(
            ["authRequest", authRequest],
            ["firstName", "A"],
            ["firstName", "B"],
            ["lastName", "C"],
            ["email", "a@b.c"],
            ["loginName", "newbie"],
            ["password", "Password1!"],
          ),
        ),
      () => get("/ui/login/login", pairs(["authRequest", authRequest], ["authRequest", "x"])),
      () => get("/ui/login/select", pairs(["authRequest", authRequest], ["authRequest", authRequest])),
    ];
    const names = ["loginName", "authRequest", "firstName", "authRequest", "authRequest"];
    for (const [i, send] of cases.entries()) {
      const res = await unchanged(send);
      assert.equal(res.status, 400, names[i]);
      assert.match(res.text, new RegExp(`<strong>invalid_request</strong>: parameter ${names[i]} is repeated`));
    }
    // The request is still open: a single login finishes it.
    const done = await b.submit(page, "login", { loginName: "alice", password: "Password1!" });
    assert.ok(new URL(done.url).searchParams.get("code"));
  });
});

// The authorization endpoint (spec "Authorization request parameters", its error table, response
// modes): implicit id_token and id_token token with nonce, form_post, prompt none/login/
// select_account/create, max_age, login_hint, id_token_hint, ui_locales, and every error code.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { startTestEmulator } from "../helpers/emulator.js";
import { internals } from "../../emulator/src/internal.js";
import { Browser } from "../helpers/browser.js";

const emu = await startTestEmulator();
const insecure = { execute: [client.allowInsecureRequests] };
const REDIRECT = "http://localhost:3000/callback";
const app = await client.discovery(new URL(emu.issuer), "demo-browser", undefined, client.None(), insecure);
const challenge = await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier());

const authorizeUrl = (params: Record<string, string>) => {
  const url = new URL("/oauth/v2/authorize", emu.url);
  for (const [k, v] of Object.entries({ client_id: "demo-browser", redirect_uri: REDIRECT, ...params })) url.searchParams.set(k, v);
  return url.toString();
};
const codeParams = (extra: Record<string, string> = {}) => ({
  response_type: "code",
  scope: "openid",
  code_challenge: challenge,
  code_challenge_method: "S256",
  state: "s1",
  ...extra,
});
const hashParams = (url: string) => Object.fromEntries(new URLSearchParams(new URL(url).hash.slice(1)));
const queryParams = (url: string) => Object.fromEntries(new URL(url).searchParams);

async function loggedIn(user = "alice"): Promise<Browser> {
  const b = new Browser(emu.url);
  const page = await b.go(authorizeUrl(codeParams()));
  const done = await b.submit(page, "login", { loginName: user, password: "Password1!" });
  assert.ok(done.url.startsWith(REDIRECT));
  return b;
}

describe("implicit flow and response modes", () => {
  it("returns an ID token in the fragment for response_type id_token, with nonce and userinfo claims", async () => {
    const b = await loggedIn();
    const done = await b.go(authorizeUrl({ response_type: "id_token", scope: "openid email", nonce: "n-1", state: "s2" }));
    const p = hashParams(done.url);
    assert.deepEqual(Object.keys(p).sort(), ["expires_in", "id_token", "scope", "state", "token_type"]);
    const claims = JSON.parse(Buffer.from(p.id_token!.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
    assert.equal(claims.nonce, "n-1");
    assert.equal(claims.email, "alice@svc-emulator.localhost", "without an access token the ID token carries the userinfo claims");
    assert.equal(claims.at_hash, undefined);
  });

  it("returns access and ID token for id_token token; openid-client validates the at_hash", async () => {
    const b = await loggedIn();
    const done = await b.go(authorizeUrl({ response_type: "id_token token", scope: "openid email", nonce: "n-2", state: "s3" }));
    const p = hashParams(done.url);
    assert.ok(p.access_token && p.id_token);
    const claims = JSON.parse(Buffer.from(p.id_token!.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
    assert.ok(claims.at_hash);
    assert.equal(claims.email, undefined);
    const info = await client.fetchUserInfo(app, p.access_token!, claims.sub as string);
    assert.equal(info.email, "alice@svc-emulator.localhost");
  });

  it("posts the response with form_post", async () => {
    const b = await loggedIn();
    const page = await b.go(authorizeUrl(codeParams({ response_mode: "form_post", state: "fp" })));
    assert.equal(page.status, 200);
    assert.match(page.html, new RegExp(`<form method="post" action="${REDIRECT}">`));
    assert.match(page.html, /name="code" value="[A-Za-z0-9_-]{43}"/);
    assert.match(page.html, /name="state" value="fp"/);
  });

  it("ignores an invalid response_mode and uses the response type's default", async () => {
    const b = await loggedIn();
    const done = await b.go(authorizeUrl(codeParams({ response_mode: "carrier-pigeon" })));
    assert.ok(queryParams(done.url).code);
  });
});

describe("prompt, max_age and hints", () => {
  it("prompt=none: login_required without a session, a code with one, interaction_required with two", async () => {
    const fresh = new Browser(emu.url);
    assert.deepEqual(queryParams((await fresh.go(authorizeUrl(codeParams({ prompt: "none" })))).url), {
      error: "login_required",
      error_description: "no login session for this request",
      state: "s1",
    });
    const b = await loggedIn("alice");
    assert.ok(queryParams((await b.go(authorizeUrl(codeParams({ prompt: "none" })))).url).code);
    const page = await b.go(authorizeUrl(codeParams({ prompt: "login" })));
    assert.match(page.url, /\/ui\/login\/login\?/);
    await b.submit(page, "login", { loginName: "bob", password: "Password1!" });
    assert.equal(queryParams((await b.go(authorizeUrl(codeParams({ prompt: "none" })))).url).error, "interaction_required");
    assert.ok(queryParams((await b.go(authorizeUrl(codeParams({ prompt: "none", login_hint: "bob" })))).url).code, "login_hint picks bob's session");
  });

  it("shows the account chooser for several sessions or prompt=select_account, and finishes with the chosen one", async () => {
    const b = await loggedIn("alice");
    await b.submit(await b.go(authorizeUrl(codeParams({ prompt: "login" }))), "login", { loginName: "bob", password: "Password1!" });
    const chooser = await b.go(authorizeUrl(codeParams()));
    assert.match(chooser.url, /\/ui\/login\/select\?/);
    assert.match(chooser.html, /Alice Allen \(alice@emulator-org\.localhost\)/);
    assert.match(chooser.html, /Bob Brown/);
    const sessionId = /name="sessionId" value="([^"]+)"><button type="submit">Bob/.exec(chooser.html)![1]!;
    const done = await b.submit(chooser, "select", { sessionId });
    assert.ok(queryParams(done.url).code);
  });

  it("asks to log in again when the session is older than max_age", async () => {
    const b = await loggedIn();
    const ctl = (path: string, json?: unknown) =>
      fetch(`${emu.url}/emulator/v1${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${emu.consoleToken}`, "content-type": "application/json" },
        body: JSON.stringify(json ?? {}),
      });
    await ctl("/clock/_freeze");
    try {
      await ctl("/clock/_advance", { by: "120s" });
      assert.match((await b.go(authorizeUrl(codeParams({ max_age: "60" })))).url, /\/ui\/login\/login\?/);
      assert.ok(queryParams((await b.go(authorizeUrl(codeParams({ max_age: "600" })))).url).code);
    } finally {
      await ctl("/clock/_resume");
    }
  });

  it("prefills the login name from login_hint and speaks the ui_locales language", async () => {
    const page = await new Browser(emu.url).go(authorizeUrl(codeParams({ login_hint: "alice", ui_locales: "de-CH en" })));
    assert.match(page.html, /<html lang="de">/);
    assert.match(page.html, /name="loginName" autocomplete="username" value="alice"/);
    assert.match(page.html, /Anmelden/);
    const plain = await new Browser(emu.url).go(authorizeUrl(codeParams()));
    const byHeader = await fetch(plain.url, { headers: { "accept-language": "fr;q=0.9, de;q=0.8, en;q=0.5" } });
    assert.match(await byHeader.text(), /<html lang="de">/, "French is not offered, German is next");
    assert.match(plain.html, /<html lang="en">/);
  });

  it("registers a new user with prompt=create and signs them in", async () => {
    const b = new Browser(emu.url);
    const form = await b.go(authorizeUrl(codeParams({ prompt: "create" })));
    assert.match(form.url, /\/ui\/login\/register\?/);
    const bad = await b.submit(form, "register", { firstName: "Carol", lastName: "Cole", email: "carol@example.test", loginName: "carol", password: "short" });
    assert.equal(bad.status, 400);
    assert.match(bad.html, /at least 8 characters/);
    const done = await b.submit(form, "register", {
      firstName: "Carol",
      lastName: "Cole",
      email: "carol@example.test",
      loginName: "carol",
      password: "Password1!",
    });
    assert.ok(queryParams(done.url).code);
    const again = await new Browser(emu.url).go(authorizeUrl(codeParams()));
    const signedIn = await new Browser(emu.url).submit(again, "login", { loginName: "carol", password: "Password1!" });
    assert.ok(queryParams(signedIn.url).code);
  });

  it("signs in with one click through the emulator shortcut", async () => {
    const b = new Browser(emu.url);
    const page = await b.go(authorizeUrl(codeParams()));
    assert.match(page.html, /aria-label="emulator shortcut"/);
    const userId = /name="userId" value="([^"]+)"><button type="submit" data-user-id="[^"]+">Bob/.exec(page.html)![1]!;
    const done = await b.go(new URL("shortcut", page.url).toString(), {
      method: "POST",
      form: { authRequest: /name="authRequest" value="([^"]+)"/.exec(page.html)![1]!, userId },
    });
    assert.ok(queryParams(done.url).code);
  });

  it("refuses a wrong password on the page (401) and keeps the login name", async () => {
    const b = new Browser(emu.url);
    const page = await b.go(authorizeUrl(codeParams()));
    const wrong = await b.submit(page, "login", { loginName: "alice", password: "nope" });
    assert.equal(wrong.status, 401);
    assert.match(wrong.html, /Login name or password is wrong\./);
    assert.match(wrong.html, /value="alice"/);
  });
});

describe("authorization errors", () => {
  const cases: [string, Record<string, string>, string][] = [
    ["invalid_request: no response_type", { scope: "openid", state: "s1" }, "invalid_request"],
    ["invalid_request: implicit without nonce", { response_type: "id_token", scope: "openid", state: "s1" }, "invalid_request"],
    ["invalid_request: public client without PKCE", { response_type: "code", scope: "openid", state: "s1" }, "invalid_request"],
    ["invalid_request: plain PKCE", codeParams({ code_challenge_method: "plain" }), "invalid_request"],
    ["invalid_scope: no openid", codeParams({ scope: "profile" }), "invalid_scope"],
    ["unsupported_response_type: token", { response_type: "token", scope: "openid", state: "s1" }, "unsupported_response_type"],
  ];
  for (const [what, params, error] of cases) {
    it(`sends ${what} to the redirect URI with the state`, async () => {
      const done = await new Browser(emu.url).go(authorizeUrl(params));
      // Errors use the response type's default mode: the fragment for anything but code.
      const p = params.response_type && params.response_type !== "code" ? hashParams(done.url) : queryParams(done.url);
      assert.equal(p.error, error);
      assert.equal(p.state, "s1");
      assert.ok(p.error_description);
    });
  }

  it("unauthorized_client: the app does not allow the response type", async () => {
    const url = new URL("/oauth/v2/authorize", emu.url);
    for (const [k, v] of Object.entries({
      client_id: "demo-server",
      redirect_uri: "http://localhost:3000/api/auth/callback",
      response_type: "id_token",
      scope: "openid",
      nonce: "n",
      state: "x",
    }))
      url.searchParams.set(k, v);
    const done = await new Browser(emu.url).go(url.toString());
    assert.equal(hashParams(done.url).error, "unauthorized_client");
  });

  it("invalid_request: a repeated parameter", async () => {
    const done = await new Browser(emu.url).go(`${authorizeUrl(codeParams())}&scope=profile`);
    assert.equal(queryParams(done.url).error, "invalid_request");
  });

  it("shows errors at the emulator when the redirect URI is missing or not registered", async () => {
    for (const url of [
      authorizeUrl({ ...codeParams(), redirect_uri: "https://evil.example/cb" }),
      `${emu.url}/oauth/v2/authorize?client_id=demo-browser&response_type=code`,
      `${emu.url}/oauth/v2/authorize?client_id=nope&redirect_uri=${REDIRECT}`,
    ]) {
      const page = await new Browser(emu.url).go(url);
      assert.equal(page.status, 400);
      assert.match(page.html, /<strong>invalid_request<\/strong>/);
    }
  });

  it("server_error: an unexpected failure (a broken signing key) goes to the redirect URI", async () => {
    const b = await loggedIn();
    internals(emu).core.db.exec("UPDATE signing_keys SET private_jwk = '{}'");
    try {
      const done = await b.go(authorizeUrl({ response_type: "id_token", scope: "openid", nonce: "n", state: "s9" }));
      assert.deepEqual(hashParams(done.url), {
        error: "server_error",
        error_description: "the emulator hit an unexpected condition; see its output",
        state: "s9",
      });
    } finally {
      internals(emu).core.db.exec("DELETE FROM signing_keys");
    }
  });
});

// The token endpoint (spec "Token endpoint grants", "Client authentication methods", its error
// table): every error code, codes that work once and expire, access and refresh tokens that expire
// on the emulator clock, JWT access tokens, and private_key_jwt client authentication.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { control, startTestEmulator } from "../helpers/emulator.js";
import { internals } from "../../emulator/src/internal.js";
import { Browser } from "../helpers/browser.js";
import { withApps } from "../helpers/fixtures.js";

const rsa = { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" };
const newKeyPair = () => crypto.subtle.generateKey(rsa, true, ["sign", "verify"]) as Promise<CryptoKeyPair>;
const { publicKey, privateKey } = await newKeyPair();
const publicJwk = (await crypto.subtle.exportKey("jwk", publicKey)) as { kty: "RSA"; n: string; e: string };
const REDIRECT = "http://localhost:3000/callback";
const emu = await startTestEmulator({
  fixtures: withApps(
    {
      type: "oidc",
      name: "JWT app",
      clientId: "jwt-app",
      authMethod: "none",
      redirectUris: [REDIRECT],
      accessTokenType: "jwt",
      grantTypes: ["authorization_code", "refresh_token"],
    },
    {
      type: "oidc",
      name: "Key app",
      clientId: "key-app",
      authMethod: "private_key_jwt",
      redirectUris: [REDIRECT],
      publicKeys: [{ kty: "RSA", n: publicJwk.n, e: publicJwk.e }],
    },
  ),
});
const ctl = control(emu);
const insecure = { execute: [client.allowInsecureRequests] };
const TOKEN = `${emu.url}/oauth/v2/token`;

async function config(clientId: string, auth: client.ClientAuth = client.None()) {
  return client.discovery(new URL(emu.issuer), clientId, undefined, auth, insecure);
}

async function code(clientId: string, scope = "openid offline_access") {
  const verifier = client.randomPKCECodeVerifier();
  const b = new Browser(emu.url);
  const url = new URL("/oauth/v2/authorize", emu.url);
  const params = {
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const page = await b.go(url.toString());
  const done = await b.submit(page, "login", { loginName: "alice", password: "Password1!" });
  return { code: new URL(done.url).searchParams.get("code")!, verifier, callback: new URL(done.url) };
}

async function post(form: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(TOKEN, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

const exchange = (c: { code: string; verifier: string }, extra: Record<string, string> = {}) =>
  post({ grant_type: "authorization_code", client_id: "demo-browser", code: c.code, redirect_uri: REDIRECT, code_verifier: c.verifier, ...extra });

describe("token endpoint errors", () => {
  it("invalid_request: no grant_type, no code, not a form, two client authentications", async () => {
    assert.deepEqual((await post({ client_id: "demo-browser" })).body, { error: "invalid_request", error_description: "grant_type is missing" });
    assert.equal((await post({ grant_type: "authorization_code", client_id: "demo-browser", redirect_uri: REDIRECT })).body.error, "invalid_request");
    const json = await fetch(TOKEN, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ grant_type: "client_credentials" }),
    });
    assert.equal(json.status, 400);
    assert.equal(((await json.json()) as { error: string }).error, "invalid_request");
    const both = await post(
      { grant_type: "client_credentials", client_id: "demo-worker", client_secret: "demo-worker-secret" },
      { authorization: `Basic ${Buffer.from("demo-worker:demo-worker-secret").toString("base64")}` },
    );
    assert.equal(both.body.error, "invalid_request");
  });

  it("unsupported_grant_type for a grant the provider does not know", async () => {
    const r = await post({ grant_type: "password", username: "alice", password: "Password1!", client_id: "demo-browser" });
    assert.deepEqual([r.status, r.body], [400, { error: "unsupported_grant_type", error_description: "grant_type password is not supported" }]);
  });

  it("unauthorized_client when an app asks for client credentials", async () => {
    const r = await post({ grant_type: "client_credentials" }, { authorization: `Basic ${Buffer.from("demo-server:demo-server-secret").toString("base64")}` });
    assert.equal(r.body.error, "unauthorized_client");
  });

  it("unauthorized_client when an API app asks for a grant of OIDC apps", async () => {
    const forms: Record<string, string>[] = [
      { grant_type: "authorization_code", code: "c", redirect_uri: REDIRECT },
      { grant_type: "refresh_token", refresh_token: "r" },
      { grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: "d" },
    ];
    for (const form of forms) {
      const r = await post(form, { authorization: `Basic ${Buffer.from("demo-api:demo-api-secret").toString("base64")}` });
      assert.deepEqual([r.status, r.body.error], [400, "unauthorized_client"], form.grant_type);
    }
  });

  it("invalid_client with 401 for an unknown client, a wrong secret, or a method the client does not use", async () => {
    const forms: Record<string, string>[] = [
      { grant_type: "client_credentials", client_id: "nobody", client_secret: "x" },
      { grant_type: "authorization_code", client_id: "demo-server", client_secret: "wrong", code: "c", redirect_uri: REDIRECT },
    ];
    for (const form of forms) {
      const r = await post(form);
      assert.equal(r.status, 401);
      assert.equal(r.body.error, "invalid_client");
    }
    const basic = await post(
      { grant_type: "authorization_code", code: "c", redirect_uri: REDIRECT },
      { authorization: `Basic ${Buffer.from("demo-browser:x").toString("base64")}` },
    );
    assert.deepEqual([basic.status, basic.headers.get("www-authenticate"), basic.body.error], [401, 'Basic realm="svc-emulator"', "invalid_client"]);
  });

  it("invalid_grant: a wrong verifier, another redirect URI, a code used twice (which revokes its tokens), an expired code", async () => {
    const c1 = await code("demo-browser");
    assert.equal((await exchange(c1, { code_verifier: client.randomPKCECodeVerifier() })).body.error, "invalid_grant");
    assert.equal((await exchange(c1, { redirect_uri: "http://localhost:3000/other" })).body.error, "invalid_grant");
    const first = await exchange(c1);
    assert.equal(first.status, 200);
    const replay = await exchange(c1);
    assert.deepEqual(replay.body, { error: "invalid_grant", error_description: "the code was already used; the tokens it gave are revoked" });
    const refresh = await post({ grant_type: "refresh_token", client_id: "demo-browser", refresh_token: String(first.body.refresh_token) });
    assert.deepEqual(refresh.body, { error: "invalid_grant", error_description: "the refresh token was revoked" });
    const c2 = await code("demo-browser");
    await ctl("/clock/_advance", { method: "POST", json: { by: "11m" } });
    assert.deepEqual((await exchange(c2)).body, { error: "invalid_grant", error_description: "the code has expired" });
  });

  it("invalid_scope: refreshing for more than was granted", async () => {
    const tokens = await exchange(await code("demo-browser", "openid offline_access"));
    const r = await post({ grant_type: "refresh_token", client_id: "demo-browser", refresh_token: String(tokens.body.refresh_token), scope: "openid email" });
    assert.deepEqual(r.body, { error: "invalid_scope", error_description: "scope email was not granted originally" });
  });

  it("server_error: an unexpected failure answers 500", async () => {
    const c = await code("demo-browser");
    const keys = internals(emu).core.db.stmt("SELECT kid, private_jwk FROM signing_keys").all() as { kid: string; private_jwk: string }[];
    internals(emu).core.db.exec("UPDATE signing_keys SET private_jwk = '{}'");
    try {
      const r = await exchange(c);
      assert.deepEqual([r.status, r.body.error], [500, "server_error"]);
    } finally {
      for (const k of keys) internals(emu).core.db.stmt("UPDATE signing_keys SET private_jwk = ? WHERE kid = ?").run(k.private_jwk, k.kid);
    }
  });
});

describe("lifetimes on the emulator clock", () => {
  it("expires access tokens after 12h and refresh tokens after 30 days unused", async () => {
    const app = await config("demo-browser");
    const c = await code("demo-browser", "openid profile offline_access");
    const tokens = await client.authorizationCodeGrant(app, c.callback, { pkceCodeVerifier: c.verifier });
    await ctl("/clock/_advance", { method: "POST", json: { by: "11h59m" } });
    await client.fetchUserInfo(app, tokens.access_token, client.skipSubjectCheck);
    await ctl("/clock/_advance", { method: "POST", json: { by: "2m" } });
    await assert.rejects(
      client.fetchUserInfo(app, tokens.access_token, client.skipSubjectCheck),
      (e: client.WWWAuthenticateChallengeError) => e.status === 401,
    );
    const fresh = await client.refreshTokenGrant(app, tokens.refresh_token!);
    await ctl("/clock/_advance", { method: "POST", json: { by: "721h" } });
    await assert.rejects(
      client.refreshTokenGrant(app, fresh.refresh_token!),
      (e: client.ResponseBodyError) => e.error === "invalid_grant" && e.error_description === "the refresh token has expired",
    );
  });
});

describe("JWT access tokens and private_key_jwt", () => {
  it("issues JWT access tokens signed with a published key, which introspection and userinfo accept", async () => {
    const app = await config("jwt-app");
    const c = await code("jwt-app", "openid email");
    const tokens = await client.authorizationCodeGrant(app, c.callback, { pkceCodeVerifier: c.verifier });
    const [header, payload] = tokens.access_token
      .split(".")
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, "base64url").toString()) as Record<string, unknown>);
    const jwks = (await (await fetch(`${emu.url}/oauth/v2/keys`)).json()) as { keys: { kid: string }[] };
    assert.ok(jwks.keys.some((k) => k.kid === header!.kid));
    assert.equal(payload!.iss, emu.issuer);
    assert.equal(payload!.client_id, "jwt-app");
    assert.equal((await client.fetchUserInfo(app, tokens.access_token, client.skipSubjectCheck)).email, "alice@svc-emulator.localhost");
    const api = await client.discovery(new URL(emu.issuer), "demo-api", "demo-api-secret", client.ClientSecretBasic("demo-api-secret"), insecure);
    assert.equal((await client.tokenIntrospection(api, tokens.access_token)).active, true);
  });

  it("authenticates a client by a JWT signed with its registered key, and refuses another key", async () => {
    const keyApp = await config("key-app", client.PrivateKeyJwt(privateKey));
    const c = await code("key-app");
    const tokens = await client
      .authorizationCodeGrant(keyApp, c.callback, { pkceCodeVerifier: c.verifier })
      .catch((e: client.ResponseBodyError) => assert.fail(`${e.error}: ${e.error_description}`));
    assert.ok(tokens.access_token);
    const other = await config("key-app", client.PrivateKeyJwt((await newKeyPair()).privateKey));
    const c2 = await code("key-app");
    await assert.rejects(
      client.authorizationCodeGrant(other, c2.callback, { pkceCodeVerifier: c2.verifier }),
      (e: client.ResponseBodyError) => e.error === "invalid_client",
    );
  });
});

// Request objects at the authorization endpoint (OpenID Connect Core 6.1, 6.3; RFC 9101): unsigned
// and key-signed `request` JWTs whose values win over the query's, invalid_request_object for what
// cannot be trusted or read, request_uri_not_supported, and errors delivered with the object's state.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { SignJWT, UnsecuredJWT, type JWTPayload } from "jose";
import { startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { Browser } from "../helpers/browser.js";
import { withApps } from "../helpers/fixtures.js";

const rsa = { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" };
const newKeyPair = () => crypto.subtle.generateKey(rsa, true, ["sign", "verify"]) as Promise<CryptoKeyPair>;
const { publicKey, privateKey } = await newKeyPair();
const publicJwk = (await crypto.subtle.exportKey("jwk", publicKey)) as { kty: "RSA"; n: string; e: string };
const REDIRECT = "http://localhost:3000/callback";
const emu = await startTestEmulator({
  fixtures: withApps({
    type: "oidc",
    name: "Key app",
    clientId: "key-app",
    authMethod: "private_key_jwt",
    redirectUris: [REDIRECT],
    publicKeys: [{ kty: "RSA", n: publicJwk.n, e: publicJwk.e }],
  }),
});
const ctl = control(emu);
const insecure = { execute: [client.allowInsecureRequests] };
const browserApp = await client.discovery(new URL(emu.issuer), "demo-browser", undefined, client.None(), insecure);
const keyApp = await client.discovery(new URL(emu.issuer), "key-app", undefined, client.PrivateKeyJwt(privateKey), insecure);

const authorizeUrl = (params: Record<string, string>) => {
  const url = new URL("/oauth/v2/authorize", emu.url);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
};
const unsigned = (claims: JWTPayload) => new UnsecuredJWT(claims).encode();
const signed = (claims: JWTPayload, key: CryptoKey) => new SignJWT(claims).setProtectedHeader({ alg: "RS256" }).sign(key);
const queryParams = (url: string) => Object.fromEntries(new URL(url).searchParams);
const idTokenClaims = (t: string) => JSON.parse(Buffer.from(t.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
const authRequestsStored = async () => (await ctl.as("events", "/events?type=oidc.auth_request.added&limit=1000")).body.events;

/** A PKCE code request of demo-browser whose parameters travel in `request`; the query carries client_id and response_type. */
async function browserRequest(inside: JWTPayload, outside: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const challenge = await client.calculatePKCECodeChallenge(verifier);
  const request = unsigned({ redirect_uri: REDIRECT, scope: "openid", code_challenge: challenge, code_challenge_method: "S256", ...inside });
  return { verifier, url: authorizeUrl({ client_id: "demo-browser", response_type: "code", request, ...outside }) };
}

async function signIn(url: string) {
  const b = new Browser(emu.url);
  const page = await b.go(url);
  assert.match(page.url, /\/ui\/login\/login\?/, page.html);
  return b.submit(page, "login", { loginName: "alice", password: "Password1!" });
}

describe("request objects that work", () => {
  it("discovery advertises the request parameter, its algorithms, and no request_uri", async () => {
    const d = (await (await fetch(`${emu.issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    assert.equal(d.request_parameter_supported, true);
    assert.equal(d.request_uri_parameter_supported, false);
    assert.deepEqual(d.request_object_signing_alg_values_supported, ["none", "RS256"]);
  });

  it("an unsigned request object's state and nonce reach the callback and the ID token", async () => {
    const r = await browserRequest({ state: "st-inside", nonce: "n-inside" });
    const done = await signIn(r.url);
    assert.equal(queryParams(done.url).state, "st-inside");
    const tokens = await client.authorizationCodeGrant(browserApp, new URL(done.url), {
      pkceCodeVerifier: r.verifier,
      expectedState: "st-inside",
      expectedNonce: "n-inside",
    });
    assert.equal(idTokenClaims(tokens.id_token!).nonce, "n-inside");
  });

  it("values inside the request object win over the query's", async () => {
    const r = await browserRequest(
      { state: "st-in", nonce: "n-in", scope: "openid email" },
      { state: "st-out", nonce: "n-out", scope: "openid", redirect_uri: "https://evil.example/cb" },
    );
    const done = await signIn(r.url);
    assert.ok(done.url.startsWith(`${REDIRECT}?`), "the object's redirect_uri, not the query's");
    assert.equal(queryParams(done.url).state, "st-in");
    const stored = (await authRequestsStored()).at(-1)!.payload;
    assert.deepEqual([stored.state, stored.nonce, stored.scope], ["st-in", "n-in", ["openid", "email"]]);
    const tokens = await client.authorizationCodeGrant(browserApp, new URL(done.url), {
      pkceCodeVerifier: r.verifier,
      expectedState: "st-in",
      expectedNonce: "n-in",
    });
    assert.equal(tokens.scope, "openid email");
  });

  it("a request object signed with the private_key_jwt client's registered key (openid-client JAR)", async () => {
    const params = { redirect_uri: REDIRECT, scope: "openid", response_type: "code", state: "st-jar", nonce: "n-jar", max_age: "600" };
    const url = await client.buildAuthorizationUrlWithJAR(keyApp, params, privateKey);
    // openid-client puts only client_id and request outside (RFC 9101): response_type comes from the object.
    assert.deepEqual([...url.searchParams.keys()].sort(), ["client_id", "request"]);
    const done = await signIn(url.toString());
    assert.equal(queryParams(done.url).state, "st-jar");
    const tokens = await client.authorizationCodeGrant(keyApp, new URL(done.url), { expectedState: "st-jar", expectedNonce: "n-jar" });
    assert.equal(idTokenClaims(tokens.id_token!).nonce, "n-jar");
    assert.equal((await authRequestsStored()).at(-1)!.payload.maxAge, 600, "max_age arrives as a JSON number");
  });
});

describe("request objects that fail", () => {
  /** Follows `url` without signing in; the error parameters at the redirect URI. */
  const errorAt = async (url: string) => {
    const before = (await authRequestsStored()).length;
    const done = await new Browser(emu.url).go(url);
    assert.ok(done.url.startsWith(`${REDIRECT}?`), `sent to the redirect URI: ${done.url} ${done.html}`);
    assert.equal((await authRequestsStored()).length, before, "no authorization request is stored");
    return queryParams(done.url);
  };
  const keyAppUrl = (request: string, extra: Record<string, string> = {}) => authorizeUrl({ client_id: "key-app", response_type: "code", request, ...extra });
  const keyClaims = { iss: "key-app", aud: emu.issuer, redirect_uri: REDIRECT, scope: "openid", response_type: "code", state: "st-signed" };

  it("a request object signed with another key: invalid_request_object, with the object's state", async () => {
    const request = await signed(keyClaims, (await newKeyPair()).privateKey);
    assert.deepEqual(await errorAt(keyAppUrl(request, { redirect_uri: REDIRECT, state: "st-out" })), {
      error: "invalid_request_object",
      error_description: "the signature of the request object could not be verified with a registered RS256 key of the client",
      state: "st-signed",
    });
  });

  it("a signed request object of a client without registered keys: invalid_request_object", async () => {
    const r = await browserRequest({});
    const request = await signed({ redirect_uri: REDIRECT, scope: "openid", state: "st-b" }, privateKey);
    const p = await errorAt(authorizeUrl({ ...queryParams(r.url), request }));
    assert.equal(p.error, "invalid_request_object");
    assert.equal(p.state, "st-b");
    assert.match(p.error_description!, /cannot verify a request object signed with RS256/);
  });

  it("garbage, a non-object payload, a signed token with the signature cut off: invalid_request_object with the query's state", async () => {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const stripped = `${(await signed(keyClaims, privateKey)).split(".").slice(0, 2).join(".")}.`;
    for (const request of ["garbage", `${b64({ alg: "none" })}.${b64([1, 2])}.`, `${b64({ alg: "none" })}.${b64("text")}.`, stripped]) {
      const p = await errorAt(keyAppUrl(request, { redirect_uri: REDIRECT, state: "st-q" }));
      assert.equal(p.error, "invalid_request_object", request);
      assert.equal(p.state, request === stripped ? "st-signed" : "st-q");
    }
  });

  it("iss, aud, client_id or response_type that do not fit, an expired object: invalid_request_object", async () => {
    const cases: [JWTPayload, RegExp][] = [
      [{ ...keyClaims, iss: "demo-browser" }, /^iss of the request object must be the client id key-app$/],
      [{ ...keyClaims, aud: "https://other.example" }, /^aud of the request object must contain the issuer/],
      [{ ...keyClaims, client_id: "demo-browser" }, /^client_id in the request object does not match/],
      [{ ...keyClaims, response_type: "id_token" }, /^response_type in the request object does not match/],
      [{ ...keyClaims, exp: Math.floor(Date.now() / 1000) - 60 }, /^the request object has expired$/],
    ];
    for (const [claims, description] of cases) {
      const p = await errorAt(keyAppUrl(await signed(claims, privateKey)));
      assert.equal(p.error, "invalid_request_object");
      assert.match(p.error_description!, description);
      assert.equal(p.state, "st-signed");
    }
  });

  it("request_uri: request_uri_not_supported at the redirect URI", async () => {
    const p = await errorAt(
      authorizeUrl({ client_id: "demo-browser", response_type: "code", redirect_uri: REDIRECT, request_uri: "urn:example:request", state: "st-u" }),
    );
    assert.equal(p.error, "request_uri_not_supported");
    assert.equal(p.state, "st-u");
  });

  it("an unreadable request object and no redirect URI outside: the error is shown at the emulator", async () => {
    const page = await new Browser(emu.url).go(keyAppUrl("garbage"));
    assert.equal(page.status, 400);
    assert.match(page.html, /<strong>invalid_request_object<\/strong>/);
  });
});

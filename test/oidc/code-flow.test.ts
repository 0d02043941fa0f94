// The code flow with PKCE through the login form, driven by openid-client as the relying party:
// discovery, tokens, ID token claims, userinfo, refresh rotation, introspection by the API app,
// revocation and end session (spec "Endpoints", "Token response", "States and transitions").

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { startTestEmulator } from "../helpers/emulator.js";
import { Browser } from "../helpers/browser.js";

const emu = await startTestEmulator();
const insecure = { execute: [client.allowInsecureRequests] };
const REDIRECT = "http://localhost:3000/callback";

const browserApp = await client.discovery(new URL(emu.issuer), "demo-browser", undefined, client.None(), insecure);
const apiApp = await client.discovery(new URL(emu.issuer), "demo-api", "demo-api-secret", client.ClientSecretBasic("demo-api-secret"), insecure);

async function signIn(browser: Browser, scope: string, loginName = "alice") {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(browserApp, {
    redirect_uri: REDIRECT,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
  });
  const login = await browser.go(url.toString());
  // With one login session in this browser already, the request finishes without a page.
  const callback = login.status === 302 ? login : await browser.submit(login, "login", { loginName, password: "Password1!" });
  if (login.status !== 302) assert.match(login.url, /\/ui\/login\/login\?authRequest=/);
  assert.equal(callback.status, 302);
  assert.ok(callback.url.startsWith(REDIRECT), callback.url);
  return client.authorizationCodeGrant(browserApp, new URL(callback.url), { pkceCodeVerifier: verifier, expectedState: state });
}

describe("code flow with PKCE", () => {
  it("serves a discovery document that openid-client accepts", () => {
    const m = browserApp.serverMetadata();
    assert.equal(m.issuer, emu.issuer);
    assert.equal(m.token_endpoint, `${emu.issuer}/oauth/v2/token`);
    assert.deepEqual(m.code_challenge_methods_supported, ["S256"]);
  });

  it("signs alice in and issues tokens with the ID token claims of the spec", async () => {
    const tokens = await signIn(new Browser(emu.url), "openid profile email offline_access");
    assert.equal(tokens.token_type, "bearer");
    assert.equal(tokens.expires_in, 43200);
    assert.ok(tokens.refresh_token);
    const claims = tokens.claims()!;
    assert.equal(claims.iss, emu.issuer);
    assert.equal(claims.azp, "demo-browser");
    assert.ok((claims.aud as string[]).includes("demo-browser"));
    assert.deepEqual(claims.amr, ["pwd"]);
    assert.ok(claims.at_hash && claims.sid && claims.auth_time);
    assert.equal(claims.email, undefined, "profile and email claims stay out of the ID token when an access token is issued");
    assert.deepEqual(claims["urn:svc:iam:org:project:roles"], {
      admin: { [String(Object.keys((claims["urn:svc:iam:org:project:roles"] as Record<string, object>).admin!)[0])]: "emulator-org.localhost" },
      editor: { [String(Object.keys((claims["urn:svc:iam:org:project:roles"] as Record<string, object>).editor!)[0])]: "emulator-org.localhost" },
    });
    const info = await client.fetchUserInfo(browserApp, tokens.access_token, claims.sub);
    assert.equal(info.email, "alice@svc-emulator.localhost");
    assert.equal(info.email_verified, true);
    assert.equal(info.given_name, "Alice");
    assert.equal(info.preferred_username, "alice@emulator-org.localhost");
  });

  it("rotates refresh tokens; the old one and its access token stop working", async () => {
    const tokens = await signIn(new Browser(emu.url), "openid profile offline_access");
    const refreshed = await client.refreshTokenGrant(browserApp, tokens.refresh_token!);
    assert.notEqual(refreshed.refresh_token, tokens.refresh_token);
    assert.equal(refreshed.scope, "openid profile offline_access");
    await assert.rejects(client.refreshTokenGrant(browserApp, tokens.refresh_token!), (e: client.ResponseBodyError) => e.error === "invalid_grant");
    await assert.rejects(
      client.fetchUserInfo(browserApp, tokens.access_token, client.skipSubjectCheck),
      (e: client.WWWAuthenticateChallengeError) => e.status === 401,
    );
    const narrowed = await client.refreshTokenGrant(browserApp, refreshed.refresh_token!, { scope: "openid" });
    assert.equal(narrowed.scope, "openid offline_access");
    await assert.rejects(
      client.refreshTokenGrant(browserApp, narrowed.refresh_token!, { scope: "openid email" }),
      (e: client.ResponseBodyError) => e.error === "invalid_scope",
    );
  });

  it("lets the API app introspect; revocation and end session make tokens inactive", async () => {
    const browser = new Browser(emu.url);
    const tokens = await signIn(browser, "openid email offline_access");
    const active = await client.tokenIntrospection(apiApp, tokens.access_token);
    assert.equal(active.active, true);
    assert.equal(active.client_id, "demo-browser");
    assert.equal(active.token_type, "Bearer");
    assert.equal(active.username, "alice@emulator-org.localhost");
    assert.equal(active.email, "alice@svc-emulator.localhost");
    await client.tokenRevocation(browserApp, tokens.refresh_token!);
    assert.deepEqual(await client.tokenIntrospection(apiApp, tokens.access_token), { active: false });

    const again = await signIn(browser, "openid");
    const end = client.buildEndSessionUrl(browserApp, { id_token_hint: again.id_token!, post_logout_redirect_uri: "http://localhost:3000/", state: "bye" });
    const out = await browser.go(end.toString());
    assert.equal(out.url, "http://localhost:3000/?state=bye");
    assert.deepEqual(await client.tokenIntrospection(apiApp, again.access_token), { active: false });
  });
});

describe("client credentials", () => {
  it("gives a machine user an access token for its secret, and nothing for a wrong one", async () => {
    const worker = await client.discovery(new URL(emu.issuer), "demo-worker", "demo-worker-secret", client.ClientSecretPost("demo-worker-secret"), insecure);
    const tokens = await client.clientCredentialsGrant(worker, { scope: "profile" });
    assert.equal(tokens.id_token, undefined);
    assert.equal(tokens.refresh_token, undefined);
    const info = await client.fetchUserInfo(worker, tokens.access_token, client.skipSubjectCheck);
    assert.equal(info.name, "Demo worker");
    const wrong = await client.discovery(new URL(emu.issuer), "demo-worker", "nope", client.ClientSecretBasic("nope"), insecure);
    // Basic authentication failed: 401 with a WWW-Authenticate challenge (RFC 6749 5.2).
    await assert.rejects(
      client.clientCredentialsGrant(wrong, {}),
      (e: client.WWWAuthenticateChallengeError) => e.status === 401 && e.cause[0]!.scheme === "basic",
    );
    const post = await client.discovery(new URL(emu.issuer), "demo-worker", "nope", client.ClientSecretPost("nope"), insecure);
    await assert.rejects(client.clientCredentialsGrant(post, {}), (e: client.ResponseBodyError) => e.error === "invalid_client" && e.status === 401);
  });
});

// The code flow again with oauth4webapi and its strict processing of every response: discovery,
// authorization response, token response with nonce and ID token claims, userinfo, introspection
// and revocation.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as oauth from "oauth4webapi";
import { startTestEmulator } from "../helpers/emulator.js";
import { Browser } from "../helpers/browser.js";

const emu = await startTestEmulator();
const opts = { [oauth.allowInsecureRequests]: true };
const issuer = new URL(emu.issuer);
const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, opts));
const REDIRECT = "http://localhost:3000/callback";
const browserClient: oauth.Client = { client_id: "demo-browser" };
const apiClient: oauth.Client = { client_id: "demo-api" };

describe("code flow with oauth4webapi", () => {
  it("passes its strict checks from discovery to revocation", async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const nonce = oauth.generateRandomNonce();
    const url = new URL(as.authorization_endpoint!);
    const params = {
      client_id: "demo-browser",
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: "openid email offline_access",
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      nonce,
    };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const b = new Browser(emu.url);
    const done = await b.submit(await b.go(url.toString()), "login", { loginName: "bob", password: "Password1!" });

    const callback = oauth.validateAuthResponse(as, browserClient, new URL(done.url), state);
    const response = await oauth.authorizationCodeGrantRequest(as, browserClient, oauth.None(), callback, REDIRECT, verifier, opts);
    const result = await oauth.processAuthorizationCodeResponse(as, browserClient, response, { expectedNonce: nonce, requireIdToken: true });
    const claims = oauth.getValidatedIdTokenClaims(result)!;
    assert.equal(claims.nonce, nonce);
    assert.equal(claims.iss, emu.issuer);

    const info = await oauth.processUserInfoResponse(as, browserClient, claims.sub, await oauth.userInfoRequest(as, browserClient, result.access_token, opts));
    assert.equal(info.email, "bob@svc-emulator.localhost");
    assert.equal(info.email_verified, false);

    const introspect = () =>
      oauth
        .introspectionRequest(as, apiClient, oauth.ClientSecretBasic("demo-api-secret"), result.access_token, opts)
        .then((r) => oauth.processIntrospectionResponse(as, apiClient, r));
    const active = await introspect();
    assert.equal(active.active, true);
    assert.equal(active.sub, claims.sub);

    await oauth.processRevocationResponse(await oauth.revocationRequest(as, browserClient, oauth.None(), result.refresh_token!, opts));
    assert.equal((await introspect()).active, false);
  });

  it("reports introspection with a wrong client secret as a 401 invalid_client", async () => {
    const r = await oauth.introspectionRequest(as, apiClient, oauth.ClientSecretBasic("wrong"), "x", opts);
    assert.equal(r.status, 401);
    await assert.rejects(oauth.processIntrospectionResponse(as, apiClient, r));
  });
});

// The resource API accepts OIDC access tokens, opaque and JWT, whose audience holds the API project
// (scope urn:svc:iam:org:project:id:svc:aud); permissions still come from the user's roles.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { pkceSignIn } from "../helpers/pkce-sign-in.js";
import { withApps } from "../helpers/fixtures.js";

const REDIRECT = "http://localhost:3000/callback";
const emu = await startTestEmulator({
  fixtures: withApps({ type: "oidc", name: "JWT app", clientId: "jwt-app", authMethod: "none", redirectUris: [REDIRECT], accessTokenType: "jwt" }),
});
const insecure = { execute: [client.allowInsecureRequests] };
const API_SCOPE = "urn:svc:iam:org:project:id:svc:aud";

async function accessToken(clientId: string, user: string, scope: string): Promise<string> {
  const app = await client.discovery(new URL(emu.issuer), clientId, undefined, client.None(), insecure);
  const { callback, verifier } = await pkceSignIn(emu.url, app, { redirectUri: REDIRECT, scope, loginName: user });
  return (await client.authorizationCodeGrant(app, callback, { pkceCodeVerifier: verifier })).access_token;
}

const search = (token: string) => request(`${emu.url}/resources/v3alpha/targets/_search`, { method: "POST", token, json: [] });

describe("OIDC access tokens on the resource API", () => {
  for (const clientId of ["demo-browser", "jwt-app"]) {
    it(`accepts ${clientId}'s token with the API audience for an instance owner`, async () => {
      const r = await search(await accessToken(clientId, "admin", `openid ${API_SCOPE}`));
      assert.equal(r.status, 200, r.text);
    });
  }

  it("refuses a token without the API audience (401) and a user without roles (403)", async () => {
    const noAudience = await search(await accessToken("demo-browser", "admin", "openid"));
    assert.equal(noAudience.status, 401);
    assert.match(
      (noAudience.body as { message: string }).message,
      /Token is not for the API: request the scope urn:svc:iam:org:project:id:svc:aud \(AUTH-7fs1i\)/,
    );
    const alice = await search(await accessToken("demo-browser", "alice", `openid ${API_SCOPE}`));
    assert.equal(alice.status, 403);
  });
});

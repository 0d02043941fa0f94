// A user's sign-in through the login pages for an openid-client Configuration, with PKCE (S256): the
// callback URL carrying the code, the verifier to exchange it with, and the browser (its cookies).

import assert from "node:assert/strict";
import * as client from "openid-client";
import { Browser } from "./browser.js";

export interface PkceSignIn {
  redirectUri: string;
  scope: string;
  loginName?: string;
  password?: string;
}

export async function pkceSignIn(emuUrl: string, app: client.Configuration, { redirectUri, scope, loginName = "alice", password = "Password1!" }: PkceSignIn) {
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(app, {
    redirect_uri: redirectUri,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  const browser = new Browser(emuUrl);
  const done = await browser.submit(await browser.go(url.toString()), "login", { loginName, password });
  assert.equal(done.status, 302, done.html);
  return { callback: new URL(done.url), verifier, browser };
}

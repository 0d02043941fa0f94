// Every HTML page the emulator serves refuses to be framed (clickjacking): X-Frame-Options DENY and
// CSP frame-ancestors 'none' on the login, account chooser and registration pages, the shortcut's
// and authorize's error pages, end session's signed-out and error pages, form_post and the demo page.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { request, startTestEmulator, type WireResponse } from "../helpers/emulator.js";
import { Browser } from "../helpers/browser.js";

const emu = await startTestEmulator();
const insecure = { execute: [client.allowInsecureRequests] };
const REDIRECT = "http://localhost:3000/callback";
const app = await client.discovery(new URL(emu.issuer), "demo-browser", undefined, client.None(), insecure);
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
const authorizeUrl = (extra: Record<string, string> = {}) =>
  client.buildAuthorizationUrl(app, { redirect_uri: REDIRECT, scope: "openid", code_challenge: CHALLENGE, code_challenge_method: "S256", ...extra }).toString();

function assertUnframeable(res: WireResponse, page: string, status = 200): void {
  assert.equal(res.status, status, page);
  assert.match(res.headers.get("content-type") ?? "", /^text\/html/, page);
  assert.equal(res.headers.get("x-frame-options"), "DENY", page);
  assert.equal(res.headers.get("content-security-policy"), "frame-ancestors 'none'", page);
}

/** Signs alice in with a cookie-keeping browser; returns it with its cookie header and a login page's auth request id. */
async function session() {
  const b = new Browser(emu.url);
  const page = await b.go(authorizeUrl({ prompt: "login" }));
  const done = await b.submit(page, "login", { loginName: "alice", password: "Password1!" });
  assert.ok(done.url.startsWith(REDIRECT));
  return { b, cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
}

/** A new open authorization request's id, from its login page. */
async function openRequest(b = new Browser(emu.url)): Promise<string> {
  const page = await b.go(authorizeUrl({ prompt: "login" }));
  return /name="authRequest" value="([^"]+)"/.exec(page.html)![1]!;
}

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("HTML pages cannot be framed", () => {
  it("login, account chooser, registration and their error answers", async () => {
    const id = await openRequest();
    assertUnframeable(await request(`${emu.url}/ui/login/login?authRequest=${id}`), "login");
    assertUnframeable(await request(`${emu.url}/ui/login/register?authRequest=${id}`), "register");
    assertUnframeable(await request(`${emu.url}/ui/login/select?authRequest=${id}`), "account chooser");
    assertUnframeable(
      await request(`${emu.url}/ui/login/login`, {
        method: "POST",
        headers: FORM,
        body: new URLSearchParams({ authRequest: id, loginName: "alice", password: "wrong" }),
      }),
      "wrong password",
      401,
    );
    assertUnframeable(
      await request(`${emu.url}/ui/login/register`, { method: "POST", headers: FORM, body: new URLSearchParams({ authRequest: id }) }),
      "registration problem",
      400,
    );
    assertUnframeable(
      await request(`${emu.url}/ui/login/shortcut`, { method: "POST", headers: FORM, body: new URLSearchParams({ authRequest: id, userId: "nobody" }) }),
      "shortcut error",
      400,
    );
    assertUnframeable(await request(`${emu.url}/ui/login/login?authRequest=unknown`), "unknown request", 400);
  });

  it("authorize's error page and the form_post page", async () => {
    assertUnframeable(await request(`${emu.url}/oauth/v2/authorize?client_id=unknown&redirect_uri=${encodeURIComponent(REDIRECT)}`), "authorize error", 400);
    const { cookie } = await session();
    const formPost = await request(authorizeUrl({ response_mode: "form_post" }), { headers: { cookie }, redirect: "manual" });
    assert.match(formPost.text, /<form method="post" action="http:\/\/localhost:3000\/callback">/);
    assertUnframeable(formPost, "form_post");
  });

  it("end session's signed-out and error pages", async () => {
    const { cookie } = await session();
    assertUnframeable(await request(`${emu.url}/oidc/v1/end_session`, { headers: { cookie } }), "signed out");
    assertUnframeable(await request(`${emu.url}/oidc/v1/end_session`, { method: "POST", headers: FORM, body: "client_id=unknown" }), "end session error", 400);
  });

  it("the demo page and its callback", async () => {
    assertUnframeable(await request(`${emu.url}/ui/demo/`), "demo");
    assertUnframeable(await request(`${emu.url}/ui/demo/callback?code=x&state=y`), "demo callback");
  });

  it("leaves JSON answers alone", async () => {
    const discovery = await request(`${emu.url}/.well-known/openid-configuration`);
    assert.equal(discovery.status, 200);
    assert.equal(discovery.headers.get("x-frame-options"), null);
    assert.equal(discovery.headers.get("content-security-policy"), null);
  });
});

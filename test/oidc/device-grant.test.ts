// The device authorization grant (RFC 8628; product defaults wire-facts 6.6): the device
// authorization endpoint, the verification pages driven as a browser would, and the token
// endpoint's device_code grant with every error it polls into, on the emulator clock.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { Browser, type Page } from "../helpers/browser.js";
import { withApps } from "../helpers/fixtures.js";

const GRANT = "urn:ietf:params:oauth:grant-type:device_code";
const emu = await startTestEmulator({
  fixtures: withApps(
    {
      type: "oidc",
      name: "TV app",
      clientId: "tv-app",
      clientSecret: "tv-app-secret",
      authMethod: "client_secret_basic",
      redirectUris: ["http://localhost:3000/tv"],
      grantTypes: ["authorization_code", GRANT],
    },
    {
      type: "oidc",
      name: "Other device app",
      clientId: "other-device",
      authMethod: "none",
      redirectUris: ["http://localhost:3000/other"],
      grantTypes: ["authorization_code", GRANT],
    },
  ),
});
const ctl = control(emu);
const insecure = { execute: [client.allowInsecureRequests] };
const DEVICE = `${emu.url}/oauth/v2/device_authorization`;
const TOKEN = `${emu.url}/oauth/v2/token`;
const USER_CODE = /^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/;
const basic = (id: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}` });

const browserApp = await client.discovery(new URL(emu.issuer), "demo-browser", undefined, client.None(), insecure);

interface DeviceResponse {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

async function form(url: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  const r = await request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(body).toString(),
  });
  return { status: r.status, body: r.body as Record<string, unknown>, headers: r.headers };
}
const start = async (clientId = "demo-browser", scope = "openid profile offline_access") => {
  const r = await form(DEVICE, { client_id: clientId, scope });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as unknown as DeviceResponse;
};
const poll = (deviceCode: string, clientId = "demo-browser") => form(TOKEN, { grant_type: GRANT, client_id: clientId, device_code: deviceCode });
const pollError = async (deviceCode: string, clientId?: string) => {
  const r = await poll(deviceCode, clientId);
  assert.equal(r.status, 400, JSON.stringify(r.body));
  return r.body;
};

/** Enters the user code and signs alice in: the consent page of the device. */
async function verify(browser: Browser, userCode: string): Promise<Page> {
  const entry = await browser.go("/ui/login/device");
  const login = await browser.submit(entry, "device", { user_code: userCode });
  assert.match(login.url, /\/ui\/login\/login\?authRequest=/);
  const consent = await browser.submit(login, "login", { loginName: "alice", password: "Password1!" });
  assert.equal(consent.status, 200);
  assert.match(consent.url, /\/ui\/login\/device\/consent\?authRequest=/);
  return consent;
}
const clock = (path: string, json?: unknown) => ctl(`/clock/${path}`, { method: "POST", json });

describe("device authorization endpoint", () => {
  it("answers device and user codes, the verification URIs, the lifetime and the interval (RFC 8628 3.2)", async () => {
    const r = await form(DEVICE, { client_id: "demo-browser", scope: "openid" });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get("cache-control"), "no-store");
    const d = r.body as unknown as DeviceResponse;
    assert.deepEqual(Object.keys(d).sort(), ["device_code", "expires_in", "interval", "user_code", "verification_uri", "verification_uri_complete"]);
    assert.match(d.device_code, /^[A-Za-z0-9_-]{43}$/);
    assert.match(d.user_code, USER_CODE);
    assert.equal(d.verification_uri, `${emu.issuer}/device`);
    assert.equal(d.verification_uri_complete, `${emu.issuer}/device?user_code=${d.user_code}`);
    assert.deepEqual([d.expires_in, d.interval], [300, 5]);
    const other = await start();
    assert.notEqual(other.device_code, d.device_code);
    assert.notEqual(other.user_code, d.user_code);
  });

  it("authenticates the client by its app's method, as the token endpoint does", async () => {
    const ok = await form(DEVICE, { scope: "openid" }, basic("tv-app", "tv-app-secret"));
    assert.equal(ok.status, 200);
    const wrong = await form(DEVICE, {}, basic("tv-app", "nope"));
    assert.deepEqual([wrong.status, wrong.body.error, wrong.headers.get("www-authenticate")], [401, "invalid_client", 'Basic realm="svc-emulator"']);
    const otherMethod = await form(DEVICE, { client_id: "tv-app", client_secret: "tv-app-secret" });
    assert.deepEqual([otherMethod.status, otherMethod.body.error], [401, "invalid_client"]);
    const unknown = await form(DEVICE, { client_id: "nobody" });
    assert.deepEqual([unknown.status, unknown.body.error], [401, "invalid_client"]);
    const json = await request(DEVICE, { method: "POST", json: { client_id: "demo-browser" } });
    assert.deepEqual([json.status, (json.body as { error: string }).error], [400, "invalid_request"]);
  });

  it("unauthorized_client for apps that do not allow the device code grant, API apps and machine users", async () => {
    const server = await form(DEVICE, {}, basic("demo-server", "demo-server-secret"));
    assert.deepEqual(
      [server.status, server.body],
      [400, { error: "unauthorized_client", error_description: "the application does not allow the device code grant" }],
    );
    const api = await form(DEVICE, {}, basic("demo-api", "demo-api-secret"));
    assert.deepEqual([api.status, api.body], [400, { error: "unauthorized_client", error_description: "this client may not use the device code grant" }]);
    const machine = await form(DEVICE, {}, basic("demo-worker", "demo-worker-secret"));
    assert.deepEqual([machine.status, machine.body.error], [401, "invalid_client"]);
  });

  it("works with openid-client's initiateDeviceAuthorization", async () => {
    const d = await client.initiateDeviceAuthorization(browserApp, { scope: "openid" });
    assert.match(d.user_code, USER_CODE);
    assert.equal(d.interval, 5);
  });
});

describe("device code grant", () => {
  it("openid-client polls until alice allowed the device on the verification page, then gets tokens once", async () => {
    const d = await client.initiateDeviceAuthorization(browserApp, { scope: "openid profile offline_access" });
    const browser = new Browser(emu.url);
    // verification_uri_complete: /device leads to the page with the code filled in.
    const entry = await browser.go(d.verification_uri_complete!);
    assert.equal(entry.url, `${emu.url}/ui/login/device?user_code=${d.user_code}`);
    assert.match(entry.html, new RegExp(`name="user_code"[^>]* value="${d.user_code}"`));
    const login = await browser.submit(entry, "device", { user_code: d.user_code });
    const consent = await browser.submit(login, "login", { loginName: "alice", password: "Password1!" });
    assert.match(consent.html, new RegExp(`<dd>${d.user_code}</dd>`));
    assert.match(consent.html, /<dd>Demo browser app<\/dd>/);
    assert.match(consent.html, /<dd>alice@emulator-org\.localhost<\/dd>/);
    assert.match(consent.html, /<dd>openid profile offline_access<\/dd>/);
    const done = await browser.submit(consent, "allowed", {});
    assert.equal(done.status, 200);
    assert.match(done.html, /The device is connected/);

    const tokens = await client.pollDeviceAuthorizationGrant(browserApp, d);
    assert.equal(tokens.token_type, "bearer");
    assert.equal(tokens.expires_in, 43200);
    assert.equal(tokens.scope, "openid profile offline_access");
    assert.ok(tokens.refresh_token);
    const claims = tokens.claims()!;
    assert.equal(claims.azp, "demo-browser");
    assert.deepEqual(claims.amr, ["pwd"]);
    assert.ok(claims.sid && claims.auth_time);
    const info = await client.fetchUserInfo(browserApp, tokens.access_token, claims.sub);
    assert.equal(info.preferred_username, "alice@emulator-org.localhost");
    assert.ok((await client.refreshTokenGrant(browserApp, tokens.refresh_token!)).access_token);

    assert.deepEqual(await pollError(d.device_code), { error: "invalid_grant", error_description: "the device code was already used" });
    // The page refuses the used code too.
    const again = await browser.submit(await browser.go("/ui/login/device"), "device", { user_code: d.user_code });
    assert.equal(again.status, 400);
    assert.match(again.html, /This code was already used\./);
  });

  it("authorization_pending, then slow_down when polled sooner than the interval, which grows by 5 s each time", async () => {
    await clock("_freeze");
    try {
      const d = await start();
      assert.deepEqual(await pollError(d.device_code), { error: "authorization_pending", error_description: "the user has not decided yet" });
      assert.deepEqual(await pollError(d.device_code), {
        error: "slow_down",
        error_description: "polled sooner than the interval; poll every 10 seconds from now on",
      });
      await clock("_advance", { by: "9s" });
      assert.equal((await pollError(d.device_code)).error, "slow_down", "9 s is sooner than the new interval of 10 s");
      await clock("_advance", { by: "15s" });
      assert.equal((await pollError(d.device_code)).error, "authorization_pending");
      await clock("_advance", { by: "14s" });
      assert.equal((await pollError(d.device_code)).error, "slow_down", "the interval is 15 s now");
      const events = (await ctl.as("events", `/events?type=oidc.device_authorization.slowed_down`)).body;
      const slowed = events.events.map((e) => e.payload.intervalS);
      assert.deepEqual(slowed.slice(-3), [10, 15, 20]);
      // Once alice allowed it, the next poll gets tokens even when it comes soon.
      const b = new Browser(emu.url);
      await b.submit(await verify(b, d.user_code), "allowed", {});
      const tokens = await poll(d.device_code);
      assert.equal(tokens.status, 200, JSON.stringify(tokens.body));
      assert.ok(tokens.body.access_token && tokens.body.id_token && tokens.body.refresh_token);
    } finally {
      await clock("_resume");
    }
  });

  it("expired_token after 5 minutes on the emulator clock; the page refuses the expired code", async () => {
    await clock("_freeze");
    try {
      const d = await start();
      await clock("_advance", { by: "299s" });
      assert.equal((await pollError(d.device_code)).error, "authorization_pending");
      await clock("_advance", { by: "1s" });
      assert.deepEqual(await pollError(d.device_code), { error: "expired_token", error_description: "the device code has expired" });
      const b = new Browser(emu.url);
      const page = await b.submit(await b.go("/ui/login/device"), "device", { user_code: d.user_code });
      assert.equal(page.status, 400);
      assert.match(page.html, /This code has expired\./);
    } finally {
      await clock("_resume");
    }
  });

  it("access_denied when the user denies", async () => {
    const d = await start();
    const b = new Browser(emu.url);
    const done = await b.submit(await verify(b, d.user_code), "denied", {});
    assert.match(done.html, /The device was denied/);
    assert.deepEqual(await pollError(d.device_code), { error: "access_denied", error_description: "the user denied the authorization" });
  });

  it("no refresh token without offline_access, no ID token without openid", async () => {
    const d = await start("demo-browser", "profile");
    const b = new Browser(emu.url);
    await b.submit(await verify(b, d.user_code), "allowed", {});
    const r = await poll(d.device_code);
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ["access_token", "expires_in", "scope", "token_type"]);
  });

  it("invalid_grant when the session that allowed the device ended before the poll", async () => {
    const d = await start();
    const b = new Browser(emu.url);
    await b.submit(await verify(b, d.user_code), "allowed", {});
    await b.go("/oidc/v1/end_session");
    assert.deepEqual(await pollError(d.device_code), { error: "invalid_grant", error_description: "the login session that approved the device has ended" });
  });

  it("a confidential client polls with its own authentication", async () => {
    const d = (await form(DEVICE, { scope: "openid offline_access" }, basic("tv-app", "tv-app-secret"))).body as unknown as DeviceResponse;
    const b = new Browser(emu.url);
    await b.submit(await verify(b, d.user_code), "allowed", {});
    const unauthenticated = await poll(d.device_code, "tv-app");
    assert.deepEqual([unauthenticated.status, unauthenticated.body.error], [401, "invalid_client"]);
    const r = await form(TOKEN, { grant_type: GRANT, device_code: d.device_code }, basic("tv-app", "tv-app-secret"));
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.refresh_token, undefined, "tv-app does not allow refresh tokens");
  });

  it("invalid_request, invalid_grant and unauthorized_client at the token endpoint", async () => {
    assert.deepEqual(await pollError(""), { error: "invalid_request", error_description: "device_code is missing" });
    assert.deepEqual(await pollError("nope"), { error: "invalid_grant", error_description: "the device code is unknown" });
    const d = await start();
    assert.deepEqual(await pollError(d.device_code, "other-device"), {
      error: "invalid_grant",
      error_description: "the device code was issued to another client",
    });
    const server = await form(TOKEN, { grant_type: GRANT, device_code: d.device_code }, basic("demo-server", "demo-server-secret"));
    assert.deepEqual([server.status, server.body.error], [400, "unauthorized_client"]);
  });
});

describe("verification pages", () => {
  it("take the user code in any case, with or without the dash", async () => {
    const d = await start();
    const b = new Browser(emu.url);
    const login = await b.submit(await b.go("/ui/login/device"), "device", { user_code: ` ${d.user_code.replace("-", "").toLowerCase()} ` });
    assert.match(login.url, /\/ui\/login\/login\?authRequest=/);
  });

  it("refuse an unknown code with the form again", async () => {
    const b = new Browser(emu.url);
    const page = await b.submit(await b.go("/ui/login/device"), "device", { user_code: "BCDF-GHJK" });
    assert.equal(page.status, 400);
    assert.match(page.html, /This code is unknown\./);
    assert.match(page.html, /value="BCDF-GHJK"/);
  });

  it("let only the browser that signed in decide", async () => {
    const d = await start();
    const consent = await verify(new Browser(emu.url), d.user_code);
    const stranger = new Browser(emu.url);
    const denied = await stranger.submit(consent, "allowed", {});
    assert.equal(denied.status, 400);
    assert.match(denied.html, /sign in on this browser first/);
    assert.equal((await pollError(d.device_code)).error, "authorization_pending");
  });

  it("skip the login form when the browser has a session already", async () => {
    const b = new Browser(emu.url);
    await verify(b, (await start()).user_code);
    const d = await start();
    const consent = await b.submit(await b.go("/ui/login/device"), "device", { user_code: d.user_code });
    assert.match(consent.url, /\/ui\/login\/device\/consent\?authRequest=/);
  });
});

describe("device authorizations in the database", () => {
  it("are covered by snapshots and reset", async () => {
    const d = await start();
    assert.equal((await ctl("/snapshots", { method: "POST", json: { name: "before-approval" } })).status, 201);
    const b = new Browser(emu.url);
    await b.submit(await verify(b, d.user_code), "allowed", {});
    assert.equal((await ctl("/snapshots/before-approval/_restore", { method: "POST" })).status, 200);
    assert.equal((await pollError(d.device_code)).error, "authorization_pending");
    assert.equal((await ctl("/reset", { method: "POST" })).status, 200);
    assert.equal((await pollError(d.device_code)).error, "invalid_grant");
  });
});

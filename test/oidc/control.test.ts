// The control API for the OIDC provider (issue 3): issued tokens and sessions listed and revoked,
// keys rotated on demand and on the emulator clock, old keys published while tokens signed with
// them can still be valid.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";
import { Browser } from "../helpers/browser.js";

const emu = await startTestEmulator();
const ctl = rawControl(emu);
const control = controlApi(emu);
const insecure = { execute: [client.allowInsecureRequests] };
const worker = await client.discovery(new URL(emu.issuer), "demo-worker", "demo-worker-secret", client.ClientSecretPost("demo-worker-secret"), insecure);
const instanceId = (await control.instances()).body.instances[0]!.id;
const kids = async () => (await control.keys({ params: { id: instanceId } })).body.keys.map((k) => String(k.kid));

describe("tokens and sessions in the control API", () => {
  it("lists issued tokens and revokes one", async () => {
    const tokens = await client.clientCredentialsGrant(worker, { scope: "profile" });
    const listed = (await control.tokens()).body;
    const mine = listed.tokens.find((t) => t.id === tokens.access_token)!;
    assert.deepEqual([mine.kind, mine.clientId, mine.active], ["access", "demo-worker", true]);
    assert.deepEqual((await ctl(`/tokens/${encodeURIComponent(tokens.access_token)}/_revoke`, { method: "POST" })).body, { revoked: [tokens.access_token] });
    await assert.rejects(client.fetchUserInfo(worker, tokens.access_token, client.skipSubjectCheck));
    assert.equal((await ctl("/tokens/nope/_revoke", { method: "POST" })).status, 404);
    assert.equal((await ctl("/sessions/nope/_terminate", { method: "POST" })).status, 404);
  });
});

describe("login sessions in the control API", () => {
  it("lists a browser's session and terminates it, revoking its tokens", async () => {
    const browserApp = await client.discovery(new URL(emu.issuer), "demo-browser", undefined, client.None(), insecure);
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(browserApp, {
      redirect_uri: "http://localhost:3000/callback",
      scope: "openid",
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    });
    const b = new Browser(emu.url);
    const done = await b.submit(await b.go(url.toString()), "login", { loginName: "alice", password: "Password1!" });
    const tokens = await client.authorizationCodeGrant(browserApp, new URL(done.url), { pkceCodeVerifier: verifier });
    const sessions = (await control.sessions()).body.sessions;
    const open = sessions.find((s) => !s.terminatedAt)!;
    assert.deepEqual(open.amr, ["pwd"]);
    assert.deepEqual((await ctl(`/sessions/${open.id}/_terminate`, { method: "POST" })).body, { terminated: open.id, revokedTokens: 1 });
    await assert.rejects(client.fetchUserInfo(browserApp, tokens.access_token, client.skipSubjectCheck));
    const again = await b.go(url.toString());
    assert.match(again.url, /\/ui\/login\/login/, "the browser must sign in again");
  });
});

describe("signing keys", () => {
  it("rotates on demand and keeps the old key published", async () => {
    const before = await kids();
    const rotated = (await control.rotateKeys({ params: { id: instanceId } })).body;
    const after = await kids();
    assert.equal(after[0], rotated.kid);
    assert.ok(before.every((k) => after.includes(k)));
    const tokens = await client.clientCredentialsGrant(worker, {});
    assert.ok(tokens.access_token);
  });

  it("makes a new key after 6h on the emulator clock and drops a key 30h after it was made", async () => {
    const [current] = await kids();
    await ctl("/clock/_advance", { method: "POST", json: { by: "6h1m" } });
    const later = await kids();
    assert.notEqual(later[0], current);
    assert.ok(later.includes(current!), "still published for tokens it signed");
    await ctl("/clock/_advance", { method: "POST", json: { by: "24h" } });
    assert.ok(!(await kids()).includes(current!));
    const jwks = (await (await fetch(`${emu.url}/oauth/v2/keys`)).json()) as { keys: { kid: string; alg: string; use: string; kty: string }[] };
    assert.deepEqual(
      jwks.keys.map((k) => [k.kty, k.alg, k.use]),
      jwks.keys.map(() => ["RSA", "RS256", "sig"]),
    );
    await ctl("/clock/_reset", { method: "POST" });
  });
});

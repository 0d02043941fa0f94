// Issue 26 ("a session, code or refresh token never crosses"): two instances seeded from one fixture
// file hold the same user id and the same client id. A code, a refresh token and a login session of
// instance A are unknown at instance B, though B has a user and a client of the same ids; at A each works.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash, randomUUID } from "node:crypto";
import { Browser } from "../helpers/browser.js";
import { fetchByHost, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { defaultFixtures } from "../helpers/fixtures.js";

const USER = "650000000000000002";
const CLIENT = "crossing-web";
const PASSWORD = "Crossing-pass1!";
const REDIRECT = "http://localhost:3000/callback";
const fixtures = defaultFixtures();
fixtures.instances[0]!.orgs.push({
  id: "650000000000000001",
  name: "Crossing",
  users: [{ type: "human", id: USER, username: "cora", firstName: "Cora", lastName: "Cross", email: "cora@crossing.test", password: PASSWORD }],
  projects: [
    {
      id: "650000000000000003",
      name: "Crossing",
      apps: [
        {
          type: "oidc",
          id: "650000000000000004",
          name: "Crossing web",
          clientId: CLIENT,
          authMethod: "none",
          appType: "native",
          grantTypes: ["authorization_code", "refresh_token"],
          redirectUris: [REDIRECT],
        },
      ],
    },
  ],
});

const emu = await startTestEmulator();
const api = control(emu);
const send = fetchByHost(emu.port);
const made: { id: string; issuer: string }[] = [];
for (const name of ["a", "b"]) {
  const r = await api.as("createInstance", "/instances", { method: "POST", json: { name, seed: { fixtures } } });
  assert.equal(r.status, 201, r.text);
  made.push(r.body);
}
const [a, b] = made as [{ id: string; issuer: string }, { id: string; issuer: string }];

const verifier = randomUUID() + randomUUID();
const authorizeUrl = (issuer: string) =>
  `${issuer}/oauth/v2/authorize?${new URLSearchParams({
    client_id: CLIENT,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid offline_access",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  })}`;
async function token(issuer: string, form: Record<string, string>): Promise<{ status: number; body: Record<string, string> }> {
  const res = await send(`${issuer}/oauth/v2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: CLIENT, ...form }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}
const codeForm = (code: string) => ({ grant_type: "authorization_code", code, redirect_uri: REDIRECT, code_verifier: verifier });
const subOf = (idToken: string) => (JSON.parse(Buffer.from(idToken.split(".")[1]!, "base64url").toString()) as { sub: string }).sub;

describe("a code, a refresh token and a session of one instance at another with the same ids", () => {
  const atA = new Browser(a.issuer, send);
  let refreshToken = "";

  it("refuses A's code at B's token endpoint (same client id), then A redeems it", async () => {
    const login = await atA.go(authorizeUrl(a.issuer));
    const callback = await atA.submit(login, "login", { loginName: "cora", password: PASSWORD });
    const code = new URL(callback.url).searchParams.get("code");
    assert.ok(code, `stopped at ${callback.url} (${callback.status})`);
    const crossed = await token(b.issuer, codeForm(code));
    assert.equal(crossed.status, 400, JSON.stringify(crossed.body));
    assert.deepEqual(crossed.body, { error: "invalid_grant", error_description: "the code is unknown" });
    const own = await token(a.issuer, codeForm(code));
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.equal(subOf(own.body.id_token!), USER);
    assert.ok(own.body.refresh_token, "offline_access gives a refresh token");
    refreshToken = own.body.refresh_token!;
  });

  it("refuses A's refresh token at B; A refreshes it", async () => {
    const crossed = await token(b.issuer, { grant_type: "refresh_token", refresh_token: refreshToken });
    assert.equal(crossed.status, 400, JSON.stringify(crossed.body));
    assert.deepEqual(crossed.body, { error: "invalid_grant", error_description: "the refresh token is unknown" });
    const own = await token(a.issuer, { grant_type: "refresh_token", refresh_token: refreshToken });
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.equal(subOf(own.body.id_token!), USER);
  });

  it("asks for a login at B with A's session cookie; A signs in again without one", async () => {
    assert.ok(atA.cookies.size > 0, "A set a session cookie");
    const atB = new Browser(b.issuer, send);
    for (const [k, v] of atA.cookies) atB.cookies.set(k, v);
    const atBPage = await atB.go(authorizeUrl(b.issuer));
    assert.equal(atBPage.status, 200);
    assert.match(atBPage.url, /\/ui\/login\/login/, "B shows its login form");
    const again = await atA.go(authorizeUrl(a.issuer));
    assert.ok(again.url.startsWith(REDIRECT), `A's session signs in without a form: ${again.url}`);
    assert.ok(new URL(again.url).searchParams.get("code"));
  });
});

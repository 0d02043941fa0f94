// passport-zitadel against the emulator (issue 10): its introspection strategy protects a small
// express API twice, once authenticating with Basic (client id and secret) and once with the JWT
// profile of an application key file the emulator generated. User tokens, client-credentials
// tokens, service-account JWT-profile tokens and service users' personal access tokens pass;
// revoked and garbage tokens are refused.

import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import express from "express";
import passport from "passport";
import { ZitadelIntrospectionStrategy } from "passport-zitadel";
import * as client from "openid-client";
import { SignJWT, importPKCS8 } from "jose";
import { createPrivateKey } from "node:crypto";
import type { Emulator } from "../../emulator/src/index.js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { withApps } from "../helpers/fixtures.js";
import { api, generatedKeyFile, idFromEvents, insecure, newMachine, userTokens } from "./setup.js";

const emu: Emulator = await startTestEmulator({
  fixtures: withApps({ type: "api", name: "Passport API", clientId: "passport-api", authMethod: "private_key_jwt" }),
});
const projectId = await idFromEvents(emu, "project.added", (p) => p.name === "Demo");
const PROJECT_SCOPE = `urn:svc:iam:org:project:id:${projectId}:aud`;
const appId = await idFromEvents(emu, "app.added", (p) => p.clientId === "passport-api");
const appKey = JSON.parse((await generatedKeyFile(emu, `/apps/${appId}/keys`)).file) as {
  type: "application";
  keyId: string;
  key: string;
  appId: string;
  clientId: string;
};

// The API: one route per way the strategy authenticates itself at the introspection endpoint.
passport.use(
  "basic",
  await ZitadelIntrospectionStrategy.create({ authority: emu.issuer, authorization: { type: "basic", clientId: "demo-api", clientSecret: "demo-api-secret" } }),
);
passport.use("jwt", await ZitadelIntrospectionStrategy.create({ authority: emu.issuer, authorization: { type: "jwt-profile", profile: appKey } }));
const app = express();
app.use(passport.initialize());
for (const name of ["basic", "jwt"]) app.get(`/${name}`, passport.authenticate(name, { session: false }), (req, res) => void res.json(req.user));
const server = app.listen(0, "127.0.0.1");
await new Promise((r) => server.once("listening", r));
after(() => server.close());
const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const callApi = async (route: string, token: string) => request(`${apiUrl}/${route}`, { token });

/** Both routes accept the token and see the same introspection result. */
async function accepted(token: string): Promise<Record<string, unknown>> {
  const viaBasic = await callApi("basic", token);
  const viaJwt = await callApi("jwt", token);
  assert.equal(viaBasic.status, 200, viaBasic.text);
  assert.equal(viaJwt.status, 200, viaJwt.text);
  // The audience of a PAT names the introspecting client, so it differs between the two routes
  // (updated_at, the user's change date, is left out as before).
  const { aud: _a, updated_at: _u, ...basic } = viaBasic.body as Record<string, unknown>;
  const { aud: _b, updated_at: _v, ...jwt } = viaJwt.body as Record<string, unknown>;
  assert.deepEqual(jwt, basic);
  return viaBasic.body as Record<string, unknown>;
}

async function refused(token: string): Promise<void> {
  for (const route of ["basic", "jwt"]) assert.equal((await callApi(route, token)).status, 401, `${route} refuses the token`);
}

describe("passport-zitadel's introspection strategy (Basic and JWT profile)", () => {
  it("accepts a user's access token from the code flow", async () => {
    const alice = await userTokens(emu, "alice", "openid profile email");
    const user = await accepted(alice.access_token);
    assert.equal(user.active, true);
    assert.equal(user.client_id, "demo-browser");
    assert.equal(user.username, "alice@emulator-org.localhost");
    assert.equal(user.email, "alice@svc-emulator.localhost");
    assert.equal(user.scope, "openid profile email");
  });

  it("accepts a client-credentials token with the project's audience scope", async () => {
    const worker = await client.discovery(new URL(emu.issuer), "demo-worker", "demo-worker-secret", client.ClientSecretBasic("demo-worker-secret"), insecure);
    const tokens = await client.clientCredentialsGrant(worker, { scope: PROJECT_SCOPE });
    const user = await accepted(tokens.access_token);
    assert.equal(user.client_id, "demo-worker");
    assert.equal(user.username, "demo-worker@emulator-org.localhost");
  });

  it("accepts a service account's JWT-profile token and reports its user id as client_id", async () => {
    const id = await newMachine(emu, "passport-sa");
    const key = JSON.parse((await generatedKeyFile(emu, `/users/${id}/keys`)).file) as { keyId: string; key: string; userId: string };
    // PKCS#1 PEM as in the key file; jose signs with PKCS#8.
    const pkcs8 = createPrivateKey(key.key).export({ type: "pkcs8", format: "pem" }) as string;
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: "RS256", kid: key.keyId })
      .setIssuer(key.userId)
      .setSubject(key.userId)
      .setAudience(emu.issuer)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(await importPKCS8(pkcs8, "RS256"));
    const res = await request(`${emu.url}/oauth/v2/token`, {
      method: "POST",
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion, scope: `openid ${PROJECT_SCOPE}` }),
    });
    assert.equal(res.status, 200, res.text);
    const user = await accepted((res.body as { access_token: string }).access_token);
    assert.equal(user.client_id, id);
    assert.equal(user.sub, id);
    assert.equal(user.username, "passport-sa@emulator-org.localhost");
  });

  it("accepts a service user's personal access token (the introspecting client joins its audience); userinfo accepts it too", async () => {
    const id = await newMachine(emu, "passport-pat");
    const pat = String(((await api(emu, "POST", `/users/${id}/personal_access_tokens`, {})).body as { token: string }).token);
    const user = await accepted(pat);
    assert.equal(user.active, true);
    assert.equal(user.sub, id);
    assert.equal(user.scope, "openid profile urn:svc:iam:user:metadata urn:svc:iam:user:resourceowner");
    assert.equal(user.client_id, undefined, "a PAT is issued to no client");
    assert.deepEqual(user.aud, ["demo-api", projectId]);
    assert.equal(user.exp, 253402214400, "a PAT without expiration reports 9999-12-31");
    assert.equal(user["urn:svc:iam:user:resourceowner:name"], "Emulator Org");
    const viaJwt = (await callApi("jwt", pat)).body as { aud: string[] };
    assert.deepEqual(viaJwt.aud, ["passport-api", projectId]);
    const info = await request(`${emu.url}/oidc/v1/userinfo`, { token: pat });
    assert.equal(info.status, 200, info.text);
    assert.deepEqual(Object.keys(info.body as object).sort(), [
      "name",
      "preferred_username",
      "sub",
      "updated_at",
      "urn:svc:iam:user:resourceowner:id",
      "urn:svc:iam:user:resourceowner:name",
      "urn:svc:iam:user:resourceowner:primary_domain",
    ]);
  });

  it("refuses an expired personal access token", async () => {
    const id = await newMachine(emu, "passport-pat-exp");
    const soon = new Date(Date.now() + 60_000).toISOString();
    const pat = String(((await api(emu, "POST", `/users/${id}/personal_access_tokens`, { expirationDate: soon })).body as { token: string }).token);
    await accepted(pat);
    await request(`${emu.url}/emulator/v1/clock/_freeze`, { method: "POST", token: emu.consoleToken, json: {} });
    await request(`${emu.url}/emulator/v1/clock/_advance`, { method: "POST", token: emu.consoleToken, json: { by: "2m" } });
    try {
      await refused(pat);
    } finally {
      await request(`${emu.url}/emulator/v1/clock/_reset`, { method: "POST", token: emu.consoleToken, json: {} });
    }
  });

  it("refuses a revoked token, a garbage token and a request without a token", async () => {
    const bob = await userTokens(emu, "bob", "openid");
    await accepted(bob.access_token);
    const revoke = await request(`${emu.url}/oauth/v2/revoke`, {
      method: "POST",
      body: new URLSearchParams({ client_id: "demo-browser", token: bob.access_token }),
    });
    assert.equal(revoke.status, 200);
    await refused(bob.access_token);
    await refused("garbage-token");
    await refused("a.b.c");
    assert.equal((await request(`${apiUrl}/basic`)).status, 401);
  });
});

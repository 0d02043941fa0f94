// The JWT profile grant (RFC 7523) and token exchange (RFC 8693) with the spec's token type matrix,
// driven by openid-client's generic grant request.

import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { SignJWT } from "jose";
import { startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { Browser } from "../helpers/browser.js";
import { defaultFixtures } from "../helpers/fixtures.js";

const rsa = { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" };
const machineKey = (await crypto.subtle.generateKey(rsa, true, ["sign", "verify"])) as CryptoKeyPair;
const clientKey = (await crypto.subtle.generateKey(rsa, true, ["sign", "verify"])) as CryptoKeyPair;
const jwkOf = async (k: CryptoKey) => {
  const j = (await crypto.subtle.exportKey("jwk", k)) as { n: string; e: string };
  return { kty: "RSA" as const, n: j.n, e: j.e };
};
const MACHINE_KEY_ID = "900000000000000042";
const REDIRECT = "http://localhost:3000/callback";
const TX = "urn:ietf:params:oauth:grant-type:token-exchange";
const T = {
  access: "urn:ietf:params:oauth:token-type:access_token",
  refresh: "urn:ietf:params:oauth:token-type:refresh_token",
  id: "urn:ietf:params:oauth:token-type:id_token",
  jwt: "urn:ietf:params:oauth:token-type:jwt",
  userId: "urn:svc:params:oauth:token-type:user_id",
};

const fixtures = defaultFixtures();
const org = fixtures.instances[0]!.orgs[0]!;
org.users!.push({ type: "machine", username: "signer", name: "Signer", keys: [{ id: MACHINE_KEY_ID, publicKey: await jwkOf(machineKey.publicKey) }] });
org.projects![0]!.apps!.push({
  type: "oidc",
  name: "Exchanger",
  clientId: "exchanger",
  clientSecret: "exchanger-secret",
  authMethod: "client_secret_post",
  redirectUris: [REDIRECT],
  grantTypes: ["authorization_code", "refresh_token", TX],
  publicKeys: [await jwkOf(clientKey.publicKey)],
});
const emu = await startTestEmulator({ fixtures });
const ctl = control(emu);
const insecure = { execute: [client.allowInsecureRequests] };
const instanceId = (await ctl.as("instances", "/instances")).body.instances[0]!.id;
const exchanger = await client.discovery(new URL(emu.issuer), "exchanger", "exchanger-secret", client.ClientSecretPost("exchanger-secret"), insecure);
const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
const features = (f: Record<string, boolean>) => ctl(`/instances/${instanceId}/features`, { method: "PATCH", json: f });

async function userTokens(user: string, scope = "openid profile offline_access") {
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(exchanger, {
    redirect_uri: REDIRECT,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  const b = new Browser(emu.url);
  const done = await b.submit(await b.go(url.toString()), "login", { loginName: user, password: "Password1!" });
  return client.authorizationCodeGrant(exchanger, new URL(done.url), { pkceCodeVerifier: verifier });
}

const exchange = (params: Record<string, string>) => client.genericGrantRequest(exchanger, TX, params);
const failsWith = (p: Promise<unknown>, error: string, description?: RegExp) =>
  assert.rejects(p, (e: client.ResponseBodyError) => e.error === error && (!description || description.test(e.error_description ?? "")));

describe("JWT profile grant", () => {
  it("gives a machine user tokens for an assertion signed with its key; refuses another key", async () => {
    const sign = (key: CryptoKey) =>
      new SignJWT({})
        .setProtectedHeader({ alg: "RS256", kid: MACHINE_KEY_ID })
        .setIssuer(userId)
        .setSubject(userId)
        .setAudience(emu.issuer)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(key);
    const users = (await ctl.as("events", "/events?type=user.machine.added")).body;
    const userId = users.events.find((e) => e.payload.username === "signer")!.aggregateId;
    // The machine user is the client of its JWT profile tokens: its user id is the client id (as in the product).
    const app = await client.discovery(new URL(emu.issuer), userId, undefined, client.None(), insecure);
    const tokens = await client.genericGrantRequest(app, "urn:ietf:params:oauth:grant-type:jwt-bearer", {
      assertion: await sign(machineKey.privateKey),
      scope: "openid profile",
    });
    assert.ok(tokens.access_token);
    assert.equal(decode(tokens.id_token!).sub, userId);
    assert.equal((await client.fetchUserInfo(app, tokens.access_token, userId)).name, "Signer");
    await failsWith(
      client.genericGrantRequest(app, "urn:ietf:params:oauth:grant-type:jwt-bearer", { assertion: await sign(clientKey.privateKey) }),
      "invalid_grant",
    );
  });
});

describe("token exchange", () => {
  let alice: client.TokenEndpointResponse;
  let bob: client.TokenEndpointResponse;
  before(async () => {
    alice = await userTokens("alice");
    bob = await userTokens("bob");
  });

  it("is off until the instance enables it", async () => {
    await failsWith(exchange({ subject_token: alice.access_token, subject_token_type: T.access }), "unsupported_grant_type", /oidc_token_exchange/);
    await features({ oidc_token_exchange: true });
  });

  it("exchanges an access token for an opaque access token with narrower scope and audience", async () => {
    const r = await exchange({ subject_token: alice.access_token, subject_token_type: T.access, scope: "openid profile", audience: "exchanger" });
    assert.equal(r.issued_token_type, T.access);
    assert.equal(r.token_type, "bearer");
    assert.equal(r.scope, "openid profile");
    assert.ok(r.id_token);
    assert.equal(r.access_token.split(".").length, 1, "opaque");
    assert.deepEqual(decode(r.id_token!).aud, ["exchanger"]);
  });

  it("exchanges an ID token, and issues a JWT access token or an ID token on request", async () => {
    const jwt = await exchange({ subject_token: alice.id_token!, subject_token_type: T.id, requested_token_type: T.jwt });
    assert.equal(jwt.issued_token_type, T.jwt);
    assert.equal(decode(jwt.access_token).sub, decode(alice.id_token!).sub);
    const id = await exchange({ subject_token: alice.access_token, subject_token_type: T.access, requested_token_type: T.id });
    assert.equal(id.issued_token_type, T.id);
    assert.equal(id.token_type, "n_a");
    assert.equal(decode(id.access_token).sub, decode(alice.id_token!).sub);
  });

  it("refuses refresh tokens anywhere in the matrix and user_id as requested type", async () => {
    await failsWith(
      exchange({ subject_token: alice.refresh_token!, subject_token_type: T.refresh }),
      "invalid_request",
      /subject_token_type .* is not allowed/,
    );
    await failsWith(
      exchange({ subject_token: alice.access_token, subject_token_type: T.access, requested_token_type: T.refresh }),
      "invalid_request",
      /requested_token_type/,
    );
    await failsWith(
      exchange({ subject_token: alice.access_token, subject_token_type: T.access, requested_token_type: T.userId }),
      "invalid_request",
      /requested_token_type/,
    );
    await failsWith(
      exchange({ subject_token: alice.access_token, subject_token_type: T.access, actor_token: bob.refresh_token!, actor_token_type: T.refresh }),
      "invalid_request",
      /actor_token_type/,
    );
    await failsWith(exchange({ subject_token: "nonsense", subject_token_type: T.access }), "invalid_request", /subject_token invalid/);
    await failsWith(exchange({ subject_token: alice.access_token, subject_token_type: T.access, audience: "someone-else" }), "invalid_target");
    await failsWith(exchange({ subject_token: alice.access_token, subject_token_type: T.access, resource: "https://api.example" }), "invalid_target");
  });

  it("impersonates only when the instance allows it: user_id and jwt subjects need an actor token", async () => {
    const aliceId = String(decode(alice.id_token!).sub);
    await failsWith(exchange({ subject_token: aliceId, subject_token_type: T.userId }), "invalid_request", /needs an actor_token/);
    await failsWith(
      exchange({ subject_token: aliceId, subject_token_type: T.userId, actor_token: bob.access_token, actor_token_type: T.access }),
      "invalid_request",
      /impersonation is not enabled/,
    );
    await features({ impersonation: true });
    const asAlice = await exchange({
      subject_token: aliceId,
      subject_token_type: T.userId,
      actor_token: bob.access_token,
      actor_token_type: T.access,
      scope: "openid",
      requested_token_type: T.jwt,
    });
    const claims = decode(asAlice.access_token);
    assert.equal(claims.sub, aliceId);
    assert.deepEqual(claims.act, { iss: emu.issuer, sub: decode(bob.id_token!).sub });
    const selfSigned = await new SignJWT({})
      .setProtectedHeader({ alg: "RS256" })
      .setSubject(aliceId)
      .setIssuer("exchanger")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(clientKey.privateKey);
    const viaJwt = await exchange({
      subject_token: selfSigned,
      subject_token_type: T.jwt,
      actor_token: bob.id_token!,
      actor_token_type: T.id,
      scope: "openid",
    });
    assert.equal(decode(viaJwt.id_token!).sub, aliceId);
    await failsWith(exchange({ subject_token: selfSigned, subject_token_type: T.jwt }), "invalid_request", /needs an actor_token/);
  });

  it("is refused for an app without the grant type", async () => {
    const browserApp = await client.discovery(new URL(emu.issuer), "demo-browser", undefined, client.None(), insecure);
    await failsWith(client.genericGrantRequest(browserApp, TX, { subject_token: alice.access_token, subject_token_type: T.access }), "unauthorized_client");
  });
});

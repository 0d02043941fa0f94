// The OIDC provider's stored state (tokens, auth requests, login sessions, signing keys) is changed
// by its aggregates' commands, and each event names the surface it came through: `oidc` for the
// endpoints and login pages, `control` for the control API (docs/behaviour.md).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import type { StoredEvent } from "../../emulator/src/control/schemas.js";
import { Browser } from "../helpers/browser.js";

const emu = await startTestEmulator();
const ctl = control(emu);
const insecure = { execute: [client.allowInsecureRequests] };

const eventsOf = async (type: string) => (await ctl.as("events", `/events?type=${type}&limit=1000`)).body.events;
const shape = (e: StoredEvent) => ({ aggregateType: e.aggregateType, type: e.type, creator: e.creator, origin: e.origin });

describe("origins of the OIDC provider's events", () => {
  it("tokens made at the token endpoint and keys made for the JWKS endpoint are oidc; a revocation through the control API is control", async () => {
    const worker = await client.discovery(new URL(emu.issuer), "demo-worker", "demo-worker-secret", client.ClientSecretPost("demo-worker-secret"), insecure);
    const tokens = await client.clientCredentialsGrant(worker, { scope: "profile" });
    // The first key is made when the published keys are first asked for.
    assert.equal((await fetch(worker.serverMetadata().jwks_uri!)).status, 200);
    const [key] = await eventsOf("signing_key.added");
    assert.deepEqual(shape(key!), { aggregateType: "signing_key", type: "signing_key.added", creator: "SYSTEM", origin: "oidc" });
    const added = await eventsOf("oidc.token.added");
    assert.equal(added.length, 1);
    assert.deepEqual({ ...shape(added[0]!), creator: "" }, { aggregateType: "oidc_token", type: "oidc.token.added", creator: "", origin: "oidc" });
    await ctl(`/tokens/${encodeURIComponent(tokens.access_token)}/_revoke`, { method: "POST" });
    const revoked = await eventsOf("oidc.token.revoked");
    assert.deepEqual(revoked.map(shape), [{ aggregateType: "oidc_token", type: "oidc.token.revoked", creator: "EMULATOR-CONSOLE", origin: "control" }]);
    assert.equal(revoked[0]!.aggregateId, added[0]!.aggregateId);
  });

  it("a sign-in and code exchange are oidc; ending the session through the control API is control", async () => {
    const app = await client.discovery(new URL(emu.issuer), "demo-browser", undefined, client.None(), insecure);
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(app, {
      redirect_uri: "http://localhost:3000/callback",
      scope: "openid",
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    });
    const b = new Browser(emu.url);
    const done = await b.submit(await b.go(url.toString()), "login", { loginName: "alice", password: "Password1!" });
    await client.authorizationCodeGrant(app, new URL(done.url), { pkceCodeVerifier: verifier });
    const [session] = await eventsOf("login_session.added");
    const alice = session!.creator;
    assert.deepEqual(shape(session!), { aggregateType: "login_session", type: "login_session.added", creator: alice, origin: "oidc" });
    assert.deepEqual((await eventsOf("oidc.auth_request.added")).map(shape), [
      { aggregateType: "auth_request", type: "oidc.auth_request.added", creator: "ANONYMOUS", origin: "oidc" },
    ]);
    assert.deepEqual((await eventsOf("oidc.auth_request.succeeded")).map(shape), [
      { aggregateType: "auth_request", type: "oidc.auth_request.succeeded", creator: alice, origin: "oidc" },
    ]);
    assert.deepEqual((await eventsOf("oidc.auth_request.code_exchanged")).map(shape), [
      { aggregateType: "auth_request", type: "oidc.auth_request.code_exchanged", creator: "demo-browser", origin: "oidc" },
    ]);
    assert.deepEqual((await ctl(`/sessions/${session!.aggregateId}/_terminate`, { method: "POST" })).body, {
      terminated: session!.aggregateId,
      revokedTokens: 1,
    });
    assert.deepEqual((await eventsOf("login_session.terminated")).map(shape), [
      { aggregateType: "login_session", type: "login_session.terminated", creator: "EMULATOR-CONSOLE", origin: "control" },
    ]);
  });
});

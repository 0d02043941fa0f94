// renderer/src/screens/tokens/verify.ts: a token's signature checked with WebCrypto against a key set,
// and the reason when it is not verified. An ID token of a running emulator against its published
// keys (the inspector's case), tokens signed with jose for the other algorithms, and hostile headers
// (alg none, no kid, a key rotated out, an algorithm the key is not for, a key that cannot verify).

import "./browser-window.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type JWK } from "jose";
import * as client from "openid-client";
import { decodeToken } from "../../renderer/src/screens/tokens/jwt.js";
import { leftHalfHash, verifySignature, type Jwk } from "../../renderer/src/screens/tokens/verify.js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { pkceSignIn } from "../helpers/pkce-sign-in.js";
import { seedClients } from "../helpers/seed-clients.js";

const emu = await startTestEmulator();
const { browserApp } = await seedClients(emu.issuer);
const { callback, verifier } = await pkceSignIn(emu.url, browserApp, { redirectUri: "http://localhost:3000/callback", scope: "openid profile" });
const idToken = (await client.authorizationCodeGrant(browserApp, callback, { pkceCodeVerifier: verifier })).id_token!;
const published = (await request(`${emu.url}/oauth/v2/keys`)).body as { keys: Jwk[] };
const kid = decodeToken(idToken).header!.kid as string;

/** A key pair made with jose: the token it signs and its public JWK (kid "k-<alg>", with its alg). */
async function signedWith(alg: string, claims: Record<string, unknown> = { sub: "1" }): Promise<{ token: string; jwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: `k-${alg}`, alg };
  return { token: await new SignJWT(claims).setProtectedHeader({ alg, kid: jwk.kid }).sign(privateKey), jwk };
}
/** The token with its payload replaced (header and signature kept). */
const withPayload = (token: string, payload: unknown) => {
  const [h, , s] = token.split(".");
  return `${h}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.${s}`;
};

describe("verifySignature", () => {
  it("verifies the emulator's ID token with the key its kid names in the published key set", async () => {
    assert.ok(published.keys.length > 0);
    const v = await verifySignature(decodeToken(idToken), published.keys);
    assert.deepEqual(v, { ok: true, key: published.keys.find((k) => k.kid === kid), message: `Signature verified with key ${kid} (RS256)` });
  });

  it("says the signature does not match when the payload was changed", async () => {
    const claims = decodeToken(idToken).payload!;
    const v = await verifySignature(decodeToken(withPayload(idToken, { ...claims, sub: "someone-else" })), published.keys);
    assert.equal(v.ok, false);
    assert.equal(v.message, `Signature does not match key ${kid}: the header or payload was changed, or another key signed it`);
  });

  it("says the key is not published when the kid names none of the set (rotated out, another issuer)", async () => {
    const v = await verifySignature(
      decodeToken(idToken),
      published.keys.filter((k) => k.kid !== kid),
    );
    assert.deepEqual(v, { ok: false, message: `Not verified: key ${kid} is not in the instance's JWKS (key rotated out, or another issuer's key)` });
    assert.equal((await verifySignature(decodeToken(idToken), [])).message, v.message, "an empty key set");
  });

  it("refuses an unsigned token (alg none), also when its kid names a published key", async () => {
    const none = new UnsecuredJWT({ sub: "1" }).encode();
    assert.deepEqual(await verifySignature(decodeToken(none), published.keys), { ok: false, message: "Not verified: alg is none (an unsigned token)" });
    const [, payload] = none.split(".");
    const header = Buffer.from(JSON.stringify({ alg: "none", kid })).toString("base64url");
    assert.deepEqual(await verifySignature(decodeToken(`${header}.${payload}.`), published.keys), {
      ok: false,
      message: "Not verified: alg is none (an unsigned token)",
    });
  });

  it("says a header without a (string) kid names no key", async () => {
    for (const header of [{ alg: "RS256" }, { alg: "RS256", kid: 7 }, { alg: "RS256", kid: null }]) {
      const token = `${Buffer.from(JSON.stringify(header)).toString("base64url")}.${idToken.split(".").slice(1).join(".")}`;
      assert.deepEqual(await verifySignature(decodeToken(token), published.keys), {
        ok: false,
        message: "Not verified: the header has no kid, so no key of the JWKS is named",
      });
    }
  });

  it("verifies RS384, RS512 and ES256 tokens with their keys", async () => {
    for (const alg of ["RS384", "RS512", "ES256"]) {
      const { token, jwk } = await signedWith(alg);
      assert.deepEqual(await verifySignature(decodeToken(token), [jwk]), { ok: true, key: jwk, message: `Signature verified with key k-${alg} (${alg})` });
      const tampered = await verifySignature(decodeToken(withPayload(token, { sub: "2" })), [jwk]);
      assert.equal(tampered.ok, false, alg);
    }
  });

  it("names an algorithm it does not check, and a header whose alg is not the key's", async () => {
    const hs = await new SignJWT({ sub: "1" }).setProtectedHeader({ alg: "HS256", kid }).sign(new Uint8Array(32));
    const v = await verifySignature(decodeToken(hs), published.keys);
    assert.equal(v.message, "Not verified: alg HS256 is not supported here (RS256, RS384, RS512, ES256)");
    const { token, jwk } = await signedWith("RS384");
    const mismatch = await verifySignature(decodeToken(token), [{ ...jwk, alg: "RS256" }]);
    assert.equal(mismatch.message, "Not verified: the header says RS384, key k-RS384 is for RS256");
  });

  it("says why a key cannot be used: a key of another type than the header's alg, a key not for verifying", async () => {
    const { token, jwk } = await signedWith("RS256");
    const { jwk: ec } = await signedWith("ES256");
    const wrongType = await verifySignature(decodeToken(token), [{ ...ec, alg: undefined, kid: jwk.kid }]);
    assert.equal(wrongType.ok, false);
    assert.match(wrongType.message, /^Not verified: key k-RS256 could not be used \(.+\)$/);
    const signOnly = await verifySignature(decodeToken(token), [{ ...jwk, key_ops: ["sign"] }]);
    assert.match(signOnly.message, /^Not verified: key k-RS256 could not be used \(.+\)$/, "a key not for verifying");
  });

  it("does not verify what cannot be decoded", async () => {
    assert.deepEqual(await verifySignature(decodeToken("not.a.jwt"), published.keys), { ok: false, message: "Not verified: the header cannot be decoded" });
    const header = idToken.split(".")[0];
    const v = await verifySignature(decodeToken(`${header}.%%%.${idToken.split(".")[2]}`), published.keys);
    assert.deepEqual(v, { ok: false, key: published.keys.find((k) => k.kid === kid), message: "Not verified: the token is malformed" });
  });
});

describe("leftHalfHash", () => {
  it("is the left half of the value's SHA-256, base64url without padding", async () => {
    for (const value of ["", "a", "access-token-value", "ünïcödé 🚀", "x".repeat(100_000)]) {
      const expected = createHash("sha256").update(value).digest().subarray(0, 16).toString("base64url");
      assert.equal(await leftHalfHash(value), expected, value.slice(0, 20));
    }
  });
});

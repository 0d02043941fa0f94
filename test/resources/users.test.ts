// SvcUsers on REST, gRPC and gRPC-web: a human created through the API signs in with its password;
// a machine gets a personal access token (the resource API accepts it), a key (JWT profile grant)
// and a secret (client credentials); patch, search and delete.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { SignJWT } from "jose";
import { SvcUsers } from "../../emulator/src/gen/svc/resources/user/v3alpha/user_service_pb.js";
import { fails, ok } from "../helpers/assertions.js";
import { request } from "../helpers/emulator.js";
import { Browser } from "../helpers/browser.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";

const { emu, pat, transports } = await setUpResourceTest();
const users = transports({
  service: SvcUsers,
  protoFile: "svc/resources/user/v3alpha/user_service.proto",
  routes: {
    CreateHumanUser: { verb: "POST", path: `${B}/users/human`, body: "user" },
    CreateMachineUser: { verb: "POST", path: `${B}/users/machine`, body: "user" },
    PatchHumanUser: { verb: "PATCH", path: `${B}/users/human/{id}`, body: "user" },
    PatchMachineUser: { verb: "PATCH", path: `${B}/users/machine/{id}`, body: "user" },
    GetUser: { verb: "GET", path: `${B}/users/{id}` },
    DeleteUser: { verb: "DELETE", path: `${B}/users/{id}` },
    SearchUsers: { verb: "POST", path: `${B}/users/_search`, body: "filters" },
    AddPersonalAccessToken: { verb: "POST", path: `${B}/users/{user_id}/personal_access_tokens`, body: "token" },
    AddMachineKey: { verb: "POST", path: `${B}/users/{user_id}/keys`, body: "key" },
    GenerateMachineSecret: { verb: "POST", path: `${B}/users/{id}/_generate_secret` },
  },
});
const insecure = { execute: [client.allowInsecureRequests] };

for (const t of users.all) {
  describe(`users over ${t.name}`, () => {
    const name = `${t.name.replace("-", "")}dana`;

    it("creates a human who can sign in with the password given, patches and finds it", async () => {
      const human = {
        username: name,
        profile: { givenName: "Dana", familyName: "Diaz", preferredLanguage: "de", gender: "GENDER_FEMALE" },
        email: { email: `${name}@example.test`, isVerified: true },
        password: "Secret123!",
      };
      const created = ok(await t.call("CreateHumanUser", { user: human }, pat), 201);
      const id = (created.details as { id: string }).id;
      const got = ok(await t.call("GetUser", { id }, pat)).user as Record<string, unknown>;
      assert.equal(got.loginName, `${name}@emulator-org.localhost`);
      assert.deepEqual(got.human, {
        username: name,
        profile: { givenName: "Dana", familyName: "Diaz", preferredLanguage: "de", gender: "GENDER_FEMALE" },
        email: { email: `${name}@example.test`, isVerified: true },
      });

      const app = await client.discovery(new URL(emu.issuer), "demo-browser", undefined, client.None(), insecure);
      const verifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(app, {
        redirect_uri: "http://localhost:3000/callback",
        scope: "openid email",
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
      });
      const b = new Browser(emu.url);
      const done = await b.submit(await b.go(url.toString()), "login", { loginName: name, password: "Secret123!" });
      const tokens = await client.authorizationCodeGrant(app, new URL(done.url), { pkceCodeVerifier: verifier });

      ok(await t.call("PatchHumanUser", { id, user: { email: { email: `${name}@new.example.test`, isVerified: false } } }, pat));
      assert.equal((await client.fetchUserInfo(app, tokens.access_token, id)).email, `${name}@new.example.test`);
      const found = ok(
        await t.call("SearchUsers", { filters: [{ email: { email: "@new.example.test", method: "TEXT_FILTER_METHOD_ENDS_WITH" } }] } as never, pat),
      );
      assert.deepEqual(
        ((found.result ?? []) as { details: { id: string } }[]).map((r) => r.details.id),
        [id],
      );
      fails(await t.call("CreateHumanUser", { user: { ...human, email: { email: "x@y.test" } } }, pat), 6, 409, /is taken/, "USER-username-taken");
      fails(await t.call("CreateHumanUser", { user: { ...human, username: `${name}2`, email: { email: "no-email" } } }, pat), 3, 400, /\[string\.email\]/);
      ok(await t.call("DeleteUser", { id }, pat));
      fails(await t.call("GetUser", { id }, pat), 5, 404, /User could not be found/, "USER-not-found");
    });

    it("gives a machine a personal access token, a key for the JWT profile grant and a secret", async () => {
      const created = ok(
        await t.call("CreateMachineUser", { user: { username: `${name}-bot`, name: "Bot", accessTokenType: "ACCESS_TOKEN_TYPE_JWT" } }, pat),
        201,
      );
      const id = (created.details as { id: string }).id;
      const token = String(ok(await t.call("AddPersonalAccessToken", { userId: id, token: {} }, pat), 201).token);
      const withPat = await request(`${emu.url}/resources/v3alpha/targets/_search`, { method: "POST", token, json: [] });
      assert.equal(withPat.status, 403, "the token authenticates; the machine has no role yet");

      const pair = (await crypto.subtle.generateKey(
        { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
        true,
        ["sign", "verify"],
      )) as CryptoKeyPair;
      const keyId = String(
        ok(await t.call("AddMachineKey", { userId: id, key: { publicKey: JSON.stringify(await crypto.subtle.exportKey("jwk", pair.publicKey)) } }, pat), 201)
          .keyId,
      );
      const assertion = await new SignJWT({})
        .setProtectedHeader({ alg: "RS256", kid: keyId })
        .setIssuer(id)
        .setSubject(id)
        .setAudience(emu.issuer)
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(pair.privateKey);
      // The machine user is the client of its JWT profile tokens: its user id is the client id (as in the product).
      const jwtApp = await client.discovery(new URL(emu.issuer), id, undefined, client.None(), insecure);
      const viaJwt = await client.genericGrantRequest(jwtApp, "urn:ietf:params:oauth:grant-type:jwt-bearer", { assertion, scope: "openid" });
      assert.equal(viaJwt.access_token.split(".").length, 3, "the machine's access token type is JWT");

      const secret = ok(await t.call("GenerateMachineSecret", { id }, pat));
      assert.equal(secret.clientId, `${name}-bot`);
      const cc = await client.discovery(
        new URL(emu.issuer),
        String(secret.clientId),
        String(secret.clientSecret),
        client.ClientSecretBasic(String(secret.clientSecret)),
        insecure,
      );
      assert.ok((await client.clientCredentialsGrant(cc, {})).access_token);

      ok(await t.call("PatchMachineUser", { id, user: { description: "patched" } }, pat));
      assert.equal((ok(await t.call("GetUser", { id }, pat)).user as { machine: { description: string } }).machine.description, "patched");
      fails(await t.call("AddPersonalAccessToken", { userId: id, token: { expirationDate: "2001-01-01T00:00:00Z" } }, pat), 9, 400, /in the past/);
    });
  });
}

describe("closing", () => {
  it("closes the clients", () => users.close());
});

// SvcApps on REST, gRPC and gRPC-web: apps created through the API are real clients of the OIDC
// provider (a server app signs a user in, an API app introspects), secrets regenerate, keys are
// added, and a deleted app is an unknown client.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { SvcApps } from "../../emulator/src/gen/svc/resources/app/v3alpha/app_service_pb.js";
import { fails, ok } from "../helpers/assertions.js";
import { Browser } from "../helpers/browser.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";

const { emu, pat, transports, seededId } = await setUpResourceTest();
const apps = transports({
  service: SvcApps,
  protoFile: "svc/resources/app/v3alpha/app_service.proto",
  routes: {
    CreateOIDCApp: { verb: "POST", path: `${B}/apps/oidc`, body: "app" },
    CreateAPIApp: { verb: "POST", path: `${B}/apps/api`, body: "app" },
    GetApp: { verb: "GET", path: `${B}/apps/{id}` },
    DeleteApp: { verb: "DELETE", path: `${B}/apps/{id}` },
    PatchOIDCApp: { verb: "PATCH", path: `${B}/apps/oidc/{id}`, body: "app" },
    PatchAPIApp: { verb: "PATCH", path: `${B}/apps/api/{id}`, body: "app" },
    SearchApps: { verb: "POST", path: `${B}/apps/_search`, body: "filters" },
    RegenerateClientSecret: { verb: "POST", path: `${B}/apps/{id}/_regenerate_client_secret` },
    AddAppKey: { verb: "POST", path: `${B}/apps/{app_id}/keys`, body: "key" },
  },
});
const projectId = await seededId("project.added");
const insecure = { execute: [client.allowInsecureRequests] };
const REDIRECT = "http://localhost:4000/cb";

for (const t of apps.all) {
  describe(`apps over ${t.name}`, () => {
    it("creates a native app allowing the device code grant, which may start device authorizations", async () => {
      const grantTypes = ["OIDC_GRANT_TYPE_AUTHORIZATION_CODE", "OIDC_GRANT_TYPE_DEVICE_CODE"];
      const created = ok(
        await t.call(
          "CreateOIDCApp",
          {
            app: {
              projectId,
              name: `TV (${t.name})`,
              redirectUris: [REDIRECT],
              grantTypes,
              appType: "OIDC_APP_TYPE_NATIVE",
              authMethodType: "OIDC_AUTH_METHOD_TYPE_NONE",
            },
          },
          pat,
        ),
        201,
      );
      const got = ok(await t.call("GetApp", { id: (created.details as { id: string }).id }, pat)).app as { oidc: Record<string, unknown> };
      assert.deepEqual(got.oidc.grantTypes, grantTypes);
      const r = await fetch(`${emu.url}/oauth/v2/device_authorization`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ client_id: String(created.clientId) }),
      });
      assert.equal(r.status, 200, await r.clone().text());
    });

    it("creates a web app that signs a user in, and an API app that introspects the token", async () => {
      const created = ok(
        await t.call(
          "CreateOIDCApp",
          {
            app: {
              projectId,
              name: `${t.name} web`,
              redirectUris: [REDIRECT],
              responseTypes: ["OIDC_RESPONSE_TYPE_CODE"],
              grantTypes: ["OIDC_GRANT_TYPE_AUTHORIZATION_CODE"],
              authMethodType: "OIDC_AUTH_METHOD_TYPE_BASIC",
            },
          },
          pat,
        ),
        201,
      );
      const clientId = String(created.clientId);
      const secret = String(created.clientSecret);
      assert.match(clientId, /^\d+@svc$/);
      assert.ok(secret.length >= 40);
      const web = await client.discovery(new URL(emu.issuer), clientId, secret, client.ClientSecretBasic(secret), insecure);
      const verifier = client.randomPKCECodeVerifier();
      const url = client.buildAuthorizationUrl(web, {
        redirect_uri: REDIRECT,
        scope: "openid",
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
      });
      const b = new Browser(emu.url);
      const done = await b.submit(await b.go(url.toString()), "login", { loginName: "alice", password: "Password1!" });
      const tokens = await client.authorizationCodeGrant(web, new URL(done.url), { pkceCodeVerifier: verifier });

      const api = ok(await t.call("CreateAPIApp", { app: { projectId, name: `${t.name} api`, authMethodType: "API_AUTH_METHOD_TYPE_BASIC" } }, pat), 201);
      const apiClient = await client.discovery(
        new URL(emu.issuer),
        String(api.clientId),
        String(api.clientSecret),
        client.ClientSecretBasic(String(api.clientSecret)),
        insecure,
      );
      assert.equal((await client.tokenIntrospection(apiClient, tokens.access_token)).active, true);

      const id = (created.details as { id: string }).id;
      const got = ok(await t.call("GetApp", { id }, pat)).app as { clientId: string; oidc: Record<string, unknown> };
      assert.equal(got.clientId, clientId);
      assert.deepEqual(got.oidc.redirectUris, [REDIRECT]);
      assert.equal(got.oidc.authMethodType, "OIDC_AUTH_METHOD_TYPE_BASIC");

      const regenerated = ok(await t.call("RegenerateClientSecret", { id }, pat));
      await assert.rejects(client.refreshTokenGrant(web, "x"), (e: Error & { status?: number }) => e.status === 401);
      const fresh = String(regenerated.clientSecret);
      assert.notEqual(fresh, secret);

      const found = ok(await t.call("SearchApps", { filters: [{ name: { name: `${t.name} `, method: "TEXT_FILTER_METHOD_STARTS_WITH" } }] } as never, pat));
      assert.deepEqual(((found.result ?? []) as { clientId: string }[]).map((r) => r.clientId).sort(), [clientId, String(api.clientId)].sort());
      ok(await t.call("DeleteApp", { id }, pat));
      fails(await t.call("GetApp", { id }, pat), 5, 404, /App not found/, "APP-not-found");
    });

    it("adds an RSA public key for private_key_jwt and refuses anything else", async () => {
      const created = ok(
        await t.call(
          "CreateOIDCApp",
          { app: { projectId, name: `${t.name} keyed`, redirectUris: [REDIRECT], authMethodType: "OIDC_AUTH_METHOD_TYPE_PRIVATE_KEY_JWT" } },
          pat,
        ),
      );
      const id = (created.details as { id: string }).id;
      assert.equal(created.clientSecret, undefined, "no secret for private_key_jwt");
      const pair = (await crypto.subtle.generateKey(
        { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
        true,
        ["sign", "verify"],
      )) as CryptoKeyPair;
      const jwk = JSON.stringify(await crypto.subtle.exportKey("jwk", pair.publicKey));
      assert.match(String(ok(await t.call("AddAppKey", { appId: id, key: { publicKey: jwk } }, pat), 201).keyId), /^\d+$/);
      fails(await t.call("AddAppKey", { appId: id, key: { publicKey: "not a key" } }, pat), 3, 400, /RSA public key as JWK or PEM/);
      fails(await t.call("RegenerateClientSecret", { id }, pat), 9, 400, /does not authenticate with a client secret/);
    });

    it("patches an app: new redirect URIs work at once; a switch to a secret method returns a secret", async () => {
      const created = ok(
        await t.call(
          "CreateOIDCApp",
          { app: { projectId, name: `${t.name} patched`, redirectUris: [REDIRECT], authMethodType: "OIDC_AUTH_METHOD_TYPE_NONE" } },
          pat,
        ),
      );
      const id = (created.details as { id: string }).id;
      const patched = ok(
        await t.call(
          "PatchOIDCApp",
          {
            id,
            app: {
              name: `${t.name} renamed`,
              redirectUris: ["http://localhost:4001/cb"],
              authMethodType: "OIDC_AUTH_METHOD_TYPE_POST",
              accessTokenType: "OIDC_TOKEN_TYPE_JWT",
            },
          },
          pat,
        ),
      );
      assert.ok(String(patched.clientSecret).length >= 40);
      const got = ok(await t.call("GetApp", { id }, pat)).app as { oidc: Record<string, unknown> };
      assert.deepEqual(
        [got.oidc.name, got.oidc.redirectUris, got.oidc.authMethodType, got.oidc.accessTokenType],
        [`${t.name} renamed`, ["http://localhost:4001/cb"], "OIDC_AUTH_METHOD_TYPE_POST", "OIDC_TOKEN_TYPE_JWT"],
      );
      const unchanged = ok(await t.call("PatchOIDCApp", { id, app: { name: `${t.name} renamed` } }, pat));
      assert.equal(unchanged.clientSecret, undefined);
      fails(await t.call("PatchOIDCApp", { id, app: { responseTypes: ["OIDC_RESPONSE_TYPE_ID_TOKEN"] } }, pat), 3, 400, /need grant type implicit/);
      fails(await t.call("PatchAPIApp", { id, app: { name: "x" } }, pat), 5, 404, /among the api apps/);
      const api = ok(
        await t.call("CreateAPIApp", { app: { projectId, name: `${t.name} api 2`, authMethodType: "API_AUTH_METHOD_TYPE_PRIVATE_KEY_JWT" } }, pat),
      );
      const apiPatched = ok(
        await t.call("PatchAPIApp", { id: (api.details as { id: string }).id, app: { authMethodType: "API_AUTH_METHOD_TYPE_BASIC" } }, pat),
      );
      assert.ok(String(apiPatched.clientSecret).length >= 40);
    });

    it("refuses invalid configurations", async () => {
      const base = { projectId, name: "bad", redirectUris: [REDIRECT], authMethodType: "OIDC_AUTH_METHOD_TYPE_NONE" };
      fails(await t.call("CreateOIDCApp", { app: { ...base, redirectUris: [] } }, pat), 3, 400, /redirect_uris: .*\[repeated\.min_items\]/);
      fails(await t.call("CreateOIDCApp", { app: { ...base, redirectUris: ["not a uri"] } }, pat), 3, 400, /\[string\.uri\]/);
      fails(await t.call("CreateOIDCApp", { app: { ...base, authMethodType: "OIDC_AUTH_METHOD_TYPE_UNSPECIFIED" } }, pat), 3, 400, /\[enum\.not_in\]/);
      fails(await t.call("CreateOIDCApp", { app: { ...base, responseTypes: ["OIDC_RESPONSE_TYPE_ID_TOKEN"] } }, pat), 3, 400, /need grant type implicit/);
      fails(await t.call("CreateOIDCApp", { app: { ...base, projectId: "404" } }, pat), 5, 404, /Project not found/);
    });
  });
}

describe("closing", () => {
  it("closes the clients", () => apps.close());
});

// What discovery advertises is served (issue 9): every endpoint URL it lists answers, and every
// grant type it lists is one the provider accepts. A new entry in the document that nothing serves
// fails here.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { Browser } from "../helpers/browser.js";

const emu = await startTestEmulator();
const discovery = (await request(`${emu.url}/.well-known/openid-configuration`)).body as Record<string, unknown>;

describe("discovery advertises only what is served", () => {
  const endpoints = Object.entries(discovery).filter(([k]) => k.endsWith("_endpoint") || k === "jwks_uri") as [string, string][];

  it("lists the endpoints of the spec and the device authorization endpoint", () => {
    assert.deepEqual(endpoints.map(([k]) => k).sort(), [
      "authorization_endpoint",
      "device_authorization_endpoint",
      "end_session_endpoint",
      "introspection_endpoint",
      "jwks_uri",
      "revocation_endpoint",
      "token_endpoint",
      "userinfo_endpoint",
    ]);
  });

  for (const [key, url] of endpoints) {
    it(`serves ${key}`, async () => {
      assert.ok(url.startsWith(`${emu.issuer}/`), url);
      // Each endpoint answers GET or POST (an empty form): an error of the endpoint is fine, a 404 is not.
      const get = await request(url);
      const post =
        get.status === 404 ? await request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" }) : get;
      assert.notEqual(post.status, 404, `${key} ${url} is not served`);
    });
  }

  for (const grantType of discovery.grant_types_supported as string[]) {
    it(`accepts the grant type ${grantType}`, async () => {
      if (grantType === "implicit") {
        // The implicit grant is issued by the authorization endpoint (RFC 6749 4.2), not the token endpoint.
        const url = new URL(discovery.authorization_endpoint as string);
        const params = {
          client_id: "demo-browser",
          redirect_uri: "http://localhost:3000/callback",
          response_type: "id_token token",
          scope: "openid",
          nonce: "n",
        };
        for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
        const page = await new Browser(emu.url).go(url.toString());
        assert.equal(page.status, 200);
        assert.match(page.url, /\/ui\/login\/login\?authRequest=/);
        return;
      }
      const r = await request(discovery.token_endpoint as string, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: grantType, client_id: "demo-browser" }).toString(),
      });
      const error = (r.body as { error?: string }).error;
      assert.notEqual(error, "unsupported_grant_type", `${grantType}: ${r.text}`);
      assert.notEqual(r.status, 404);
    });
  }
});

// OAuth errors are rendered in one place (oidc/error-response.ts), so every surface of the OIDC
// provider answers them alike: JSON errors are never cached (Cache-Control no-store, Pragma
// no-cache) whether a handler or a refusal before it sent them, and every error page is no-store.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { request, startTestEmulator, type WireResponse } from "../helpers/emulator.js";

const emu = await startTestEmulator();
const FORM = { "content-type": "application/x-www-form-urlencoded" };

function assertJsonError(res: WireResponse, status: number, body: unknown): void {
  assert.equal(res.status, status);
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
  assert.deepEqual(res.body, body);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.equal(res.headers.get("pragma"), "no-cache");
}

function assertErrorPage(res: WireResponse, error: string, description: string): void {
  assert.equal(res.status, 400);
  assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.ok(res.text.includes(`<strong>${error}</strong>: ${description}`), res.text);
}

describe("OAuth errors rendered in one place", () => {
  it("answers a handler's error and a refusal before any handler with the same uncached JSON", async () => {
    const grant = await request(`${emu.url}/oauth/v2/token`, { method: "POST", headers: FORM, body: "grant_type=password&client_id=demo-worker" });
    assert.equal(grant.status, 400);
    assert.equal(grant.headers.get("cache-control"), "no-store");
    assert.equal(grant.headers.get("pragma"), "no-cache");
    const malformed = await request(`${emu.url}/oauth/v2/token`, { method: "POST", headers: FORM, body: "grant_type=client_credentials&scope=a%00b" });
    assertJsonError(malformed, 400, { error: "invalid_request", error_description: "invalid parameter scope: value must not contain NUL (U+0000)" });
  });

  it("answers a blocked instance with the same uncached JSON", async () => {
    const found = await request(`${emu.url}/resources/v3alpha/instances/_search`, { method: "POST", token: emu.adminPat, json: [] });
    const id = (found.body as { result: { details: { id: string } }[] }).result[0]!.details.id;
    const limit = (block: boolean) => request(`${emu.url}/resources/v3alpha/instances/${id}/_limit`, { method: "POST", token: emu.adminPat, json: { block } });
    assert.equal((await limit(true)).status, 200);
    try {
      assertJsonError(await request(`${emu.url}/oauth/v2/token`, { method: "POST", headers: FORM, body: "grant_type=client_credentials" }), 429, {
        error: "temporarily_unavailable",
        error_description: "the instance is blocked",
      });
    } finally {
      assert.equal((await limit(false)).status, 200);
    }
  });

  it("shows the same uncached error page from authorize, end_session and the login pages", async () => {
    assertErrorPage(
      await request(`${emu.url}/oauth/v2/authorize?client_id=nobody&response_type=code&scope=openid`),
      "invalid_request",
      "unknown client_id nobody",
    );
    assertErrorPage(await request(`${emu.url}/oidc/v1/end_session?client_id=nobody`), "invalid_request", "unknown client_id nobody");
    assertErrorPage(await request(`${emu.url}/ui/login/login?authRequest=nothing`), "invalid_request", "unknown authorization request");
  });
});

// The control API is same-origin only and needs its console token (DESIGN 11): a page on another
// origin gets no CORS grant (preflight or simple request), cannot act without the token (a form post
// is 401 and changes nothing), and cannot read an answer even when it somehow holds the token.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";

const emu = await startTestEmulator();
const ORIGIN = "http://evil.example";
const eventCount = async () => (await control(emu).as("events", "/events?limit=1000")).body.events.length;

describe("control API across origins", () => {
  for (const path of ["/emulator/v1/reset", "/emulator/v1/snapshots", "/emulator/v1/clock/_advance", "/emulator/v1/orgs/_import"]) {
    it(`grants no preflight for POST ${path}`, async () => {
      const r = await request(`${emu.url}${path}`, {
        method: "OPTIONS",
        headers: { origin: ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" },
      });
      assert.equal(r.headers.get("access-control-allow-origin"), null);
      assert.equal(r.headers.get("access-control-allow-headers"), null);
      assert.equal(r.headers.get("access-control-allow-credentials"), null);
    });
  }

  it("refuses a cross-site form post without the token and changes nothing", async () => {
    const before = await eventCount();
    const snapshots = (await control(emu)("/snapshots")).body;
    for (const path of ["/emulator/v1/reset", "/emulator/v1/snapshots", "/emulator/v1/clock/_advance"]) {
      const r = await request(`${emu.url}${path}`, {
        method: "POST",
        headers: { origin: ORIGIN, "content-type": "application/x-www-form-urlencoded", cookie: "svc_ua=1" },
        body: "name=pwned&seconds=999999",
      });
      assert.equal(r.status, 401, path);
      assert.deepEqual(r.body, { code: 16, message: "The control API needs Authorization: Bearer <consoleToken>" });
      assert.equal(r.headers.get("access-control-allow-origin"), null);
    }
    assert.equal(await eventCount(), before);
    assert.deepEqual((await control(emu)("/snapshots")).body, snapshots);
  });

  it("gives no CORS grant to a cross-origin read that carries the token", async () => {
    const r = await request(`${emu.url}/emulator/v1/events?limit=1`, { token: emu.consoleToken, headers: { origin: ORIGIN } });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get("access-control-allow-origin"), null);
  });

  it("keeps CORS open on the OIDC endpoints and the resource API, where browser apps call from their own origin", async () => {
    const r = await request(`${emu.url}/.well-known/openid-configuration`, { headers: { origin: ORIGIN } });
    assert.equal(r.headers.get("access-control-allow-origin"), ORIGIN);
  });

  it("answers preflights of the OIDC endpoints and the resource API, strictly; a control API preflight is not found", async () => {
    const preflight = (path: string, headers: Record<string, string>) => fetch(`${emu.url}${path}`, { method: "OPTIONS", headers });
    const wanted = { origin: ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" };
    for (const path of ["/oauth/v2/token", "/oauth/v2/introspect", "/resources/v3alpha/users/_search"]) {
      const r = await preflight(path, wanted);
      assert.equal(r.status, 204, path);
      assert.deepEqual(
        ["vary", "access-control-allow-origin", "access-control-allow-methods", "access-control-allow-headers", "content-length"].map((h) => r.headers.get(h)),
        ["Origin, Access-Control-Request-Headers", ORIGIN, "GET, POST, PATCH, PUT, DELETE", "authorization, content-type", "0"],
      );
      const loose = await preflight(path, { origin: ORIGIN });
      assert.deepEqual([loose.status, await loose.text(), loose.headers.get("vary")], [400, "Invalid Preflight Request", "Origin"]);
    }
    const token = await fetch(`${emu.url}/oauth/v2/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" });
    assert.deepEqual([token.headers.get("vary"), token.headers.get("access-control-allow-origin")], ["Origin", null]);
    const ctl = await preflight("/emulator/v1/reset", wanted);
    assert.deepEqual([ctl.status, ctl.headers.get("vary"), ctl.headers.get("access-control-allow-methods")], [404, "Origin", null]);
  });
});

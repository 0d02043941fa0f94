// Refusals before a route is found (server/request-errors.ts) and REST query parameters that
// contradict each other: each answered in the format of its surface, never a 500 or fastify's format
// (found by test/fuzz/rest.test.ts).

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import net from "node:net";
import { control, request, requestWithHost, startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator();
const pat = emu.adminPat;
const rpcStatus = (code: number, id: string, text: string) =>
  JSON.stringify({ code, message: `${text} (${id})`, details: [{ "@type": "type.googleapis.com/svc.v1.ErrorDetail", id, message: text }] });
const BAD_URL = "the URL is not valid percent-encoded UTF-8";
const LONG = "a path segment of the URL is longer than the limit of 1000 characters";

/** Sends raw bytes and returns the first response's status line and body. */
function raw(bytes: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const s = net.connect(emu.port, "127.0.0.1");
    let got = "";
    s.on("data", (d) => (got += d.toString("latin1")));
    s.on("error", () => {});
    s.on("close", () => {
      const m = /^HTTP\/1\.1 (\d+)[^\r]*\r\n[\s\S]*?\r\n\r\n([\s\S]*)$/.exec(got);
      m ? resolve({ status: Number(m[1]), body: m[2]! }) : reject(new Error(`no response: ${got}`));
    });
    s.end(bytes);
  });
}

describe("refusals before routing", () => {
  it("answers a path that is not valid percent-encoded UTF-8 in each surface's format", async () => {
    const rest = await request(`${emu.url}/resources/v3alpha/targets/%e2%82`, { token: pat });
    assert.deepEqual([rest.status, rest.text], [400, rpcStatus(3, "REST-invalid-request", BAD_URL)]);
    const ctl = await control(emu)("/instances/%ff/keys");
    assert.deepEqual([ctl.status, ctl.body], [400, { code: 3, message: BAD_URL }]);
    const oidc = await request(`${emu.url}/oauth/v2/%c0%af`, { method: "POST" });
    assert.deepEqual([oidc.status, oidc.body], [400, { error: "invalid_request", error_description: BAD_URL }]);
    const gcs = await request(`${emu.url}/storage/v1/b/%ff`);
    assert.deepEqual(
      [gcs.status, gcs.body],
      [400, { error: { code: 400, message: BAD_URL, errors: [{ message: BAD_URL, domain: "global", reason: "invalid" }] } }],
    );
  });

  it("refuses a foreign Host first, as on every route", async () => {
    const r = await requestWithHost(emu.port, "/resources/v3alpha/targets/%e2%82", "evil.example", { headers: { authorization: `Bearer ${pat}` } });
    assert.equal(r.status, 403);
    assert.deepEqual(JSON.parse(r.text), { code: 7, message: 'Host "evil.example" is not served here: use localhost or an instance domain' });
  });

  it("answers a path variable above the router's limit as the surface's error", async () => {
    const rest = await request(`${emu.url}/resources/v3alpha/targets/${"1".repeat(1001)}`, { token: pat });
    assert.deepEqual([rest.status, rest.text], [400, rpcStatus(3, "REST-invalid-request", LONG)]);
    const ctl = await control(emu)(`/snapshots/${"a".repeat(1001)}/_restore`, { method: "POST" });
    assert.deepEqual([ctl.status, ctl.body], [400, { code: 3, message: LONG }]);
  });

  it("answers a request head above 16 KiB with 431 in the surface's format", async () => {
    const head = (path: string) => raw(`GET ${path}?q=${"x".repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    const rest = await head("/resources/v3alpha/targets/1");
    const text = "the request line and headers are larger than the limit of 16 KiB";
    assert.deepEqual(rest, { status: 431, body: rpcStatus(8, "REST-invalid-request", text) });
    assert.deepEqual(await head("/emulator/v1/events"), { status: 431, body: JSON.stringify({ code: 8, message: text }) });
    assert.deepEqual(await head("/oauth/v2/keys"), { status: 431, body: JSON.stringify({ error: "invalid_request", error_description: text }) });
    assert.equal((await request(`${emu.url}/emulator/v1/health`)).status, 200);
  });
});

describe("REST query parameters", () => {
  it("refuses a message field given both whole and field by field, storing nothing", async () => {
    const before = (await control(emu)("/events?limit=1000")).body;
    const r = await request(`${emu.url}/resources/v3alpha/targets?target=x&target.name=y`, { method: "POST", token: pat, json: undefined });
    assert.equal(r.status, 400);
    assert.equal(
      r.text,
      rpcStatus(3, "REST-invalid-request", "query parameter target.name sets a field of target, which the request already gives as a value"),
    );
    assert.deepEqual((await control(emu)("/events?limit=1000")).body, before);
  });
});

// Text that may not be stored (docs/behaviour.md "Transport limits"): a string field with invalid
// UTF-8 or NUL is InvalidArgument naming the field on REST, gRPC and gRPC-web; OIDC endpoints answer
// an OAuth invalid_request, the control API {code, message}; nothing is stored, nothing is a 500.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as grpc from "@grpc/grpc-js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { grpcRawCall, grpcWebRawCall, lengthDelimited } from "../helpers/raw-grpc.js";

const emu = await startTestEmulator();
const pat = emu.adminPat;
const CREATE_TARGET = "/svc.resources.action.v3alpha.SvcActions/CreateTarget";
const UTF8 = "invalid CreateTargetRequest.target.name: value must be valid UTF-8 [string.utf8] (VALIDATE-string.utf8)";
const NUL = "invalid CreateTargetRequest.target.name: value must not contain NUL (U+0000) [string.no_nul] (VALIDATE-string.no_nul)";
const rpcStatus = (message: string) => {
  const [, text, id] = /^(.*) \((VALIDATE-[^)]+)\)$/.exec(message)!;
  return JSON.stringify({ code: 3, message, details: [{ "@type": "type.googleapis.com/svc.v1.ErrorDetail", id, message: text }] });
};
const eventCount = async () => (await control(emu).as("events", "/events?limit=1000")).body.events.length;
const targetsNamed = async (name: string) => {
  const r = await request(`${emu.url}/resources/v3alpha/targets/_search`, { method: "POST", token: pat, json: [] });
  return ((r.body as { result?: { target: { name?: string } }[] }).result ?? []).filter((t) => t.target.name === name).length;
};

/** A CreateTargetRequest with a valid webhook and timeout whose name field holds `nameBytes` as they are. */
function createTargetMessage(nameBytes: Buffer): Buffer {
  const timeout = lengthDelimited(6, Buffer.from([0x08, 0x0a])); // Duration{seconds: 10}
  const webhook = lengthDelimited(4, lengthDelimited(1, Buffer.from("http://localhost:9/hook")));
  return lengthDelimited(2, Buffer.concat([lengthDelimited(1, nameBytes), webhook, timeout]));
}

const restBody = (name: Buffer) =>
  Buffer.concat([Buffer.from('{"name":"'), name, Buffer.from('","restWebhook":{"url":"http://localhost:9/hook"},"timeout":"10s"}')]);

describe("strings of the resource API", () => {
  const cases = [
    { label: 'a lone surrogate escape "\\ud800"', rest: Buffer.from("a\\ud800b"), wire: Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x62]), message: UTF8 },
    { label: "raw invalid UTF-8 bytes", rest: Buffer.from([0x61, 0xff, 0xfe, 0x62]), wire: Buffer.from([0x61, 0xff, 0xfe, 0x62]), message: UTF8 },
    { label: "a truncated multi-byte sequence", rest: Buffer.from([0x61, 0xe2, 0x82]), wire: Buffer.from([0x61, 0xe2, 0x82]), message: UTF8 },
    { label: "NUL", rest: Buffer.from("a\\u0000b"), wire: Buffer.from("a\u0000b"), message: NUL },
  ];
  for (const c of cases) {
    it(`refuses ${c.label} in a string field on REST, gRPC and gRPC-web, storing nothing`, async () => {
      const before = await eventCount();
      const rest = await request(`${emu.url}/resources/v3alpha/targets`, {
        method: "POST",
        token: pat,
        body: restBody(c.rest),
        headers: { "content-type": "application/json" },
      });
      assert.equal(rest.status, 400);
      assert.equal(rest.text, rpcStatus(c.message));
      const viaGrpc = await grpcRawCall(new URL(emu.url).host, CREATE_TARGET, createTargetMessage(c.wire), pat);
      assert.deepEqual(viaGrpc, { code: grpc.status.INVALID_ARGUMENT, message: c.message });
      const viaWeb = await grpcWebRawCall(emu.url, CREATE_TARGET, createTargetMessage(c.wire), pat);
      assert.deepEqual(viaWeb, { code: grpc.status.INVALID_ARGUMENT, message: c.message, httpStatus: 200 });
      assert.equal(await eventCount(), before);
    });
  }

  it("checks before authentication, like a message that does not decode", async () => {
    const r = await request(`${emu.url}/resources/v3alpha/targets`, {
      method: "POST",
      body: restBody(Buffer.from("\\u0000")),
      headers: { "content-type": "application/json" },
    });
    assert.equal(r.status, 400);
  });

  it("refuses NUL in a path variable, naming the request field", async () => {
    const r = await request(`${emu.url}/resources/v3alpha/targets/12%00`, { token: pat });
    assert.equal(r.status, 400);
    assert.equal(r.text, rpcStatus("invalid GetTargetRequest.id: value must not contain NUL (U+0000) [string.no_nul] (VALIDATE-string.no_nul)"));
  });

  it("accepts and returns well-formed text outside ASCII unchanged on every transport", async () => {
    const name = "café ☕ 😀 \uFFFD";
    const rest = await request(`${emu.url}/resources/v3alpha/targets`, {
      method: "POST",
      token: pat,
      body: restBody(Buffer.from(name)),
      headers: { "content-type": "application/json" },
    });
    assert.equal(rest.status, 201, rest.text);
    const grpcName = `${name} grpc`;
    assert.deepEqual(await grpcRawCall(new URL(emu.url).host, CREATE_TARGET, createTargetMessage(Buffer.from(grpcName)), pat), { code: 0, message: "" });
    assert.equal(await targetsNamed(name), 1);
    assert.equal(await targetsNamed(grpcName), 1);
  });
});

describe("text on the OIDC endpoints and the control API", () => {
  const form = (body: string | Buffer) => ({ method: "POST", body: body as BodyInit, headers: { "content-type": "application/x-www-form-urlencoded" } });

  it("token endpoint: NUL in client_id is invalid_request naming the parameter", async () => {
    const r = await request(`${emu.url}/oauth/v2/token`, form("grant_type=client_credentials&client_id=ab%00c&client_secret=x"));
    assert.equal(r.status, 400);
    assert.equal(r.text, JSON.stringify({ error: "invalid_request", error_description: "invalid parameter client_id: value must not contain NUL (U+0000)" }));
  });

  it("token endpoint: percent-encoded and raw invalid UTF-8 are invalid_request", async () => {
    for (const body of [
      "grant_type=client_credentials&scope=%FF",
      Buffer.concat([Buffer.from("grant_type=client_credentials&scope="), Buffer.from([0xc3, 0x28])]),
    ]) {
      const r = await request(`${emu.url}/oauth/v2/token`, form(body));
      assert.equal(r.status, 400);
      assert.equal(r.text, JSON.stringify({ error: "invalid_request", error_description: "invalid parameter scope: value must be valid UTF-8" }));
    }
  });

  it("token endpoint: a Basic header whose client id is invalid UTF-8 is invalid_client, not a 500", async () => {
    const r = await request(`${emu.url}/oauth/v2/token`, {
      ...form("grant_type=client_credentials"),
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from("%FF:secret").toString("base64")}` },
    });
    assert.equal(r.status, 401);
    assert.equal((r.body as { error: string }).error, "invalid_client");
  });

  it("registration page: NUL in a login name is refused before any user is added", async () => {
    const before = await eventCount();
    const r = await request(
      `${emu.url}/ui/login/register`,
      form("authRequest=1&firstName=Eve&lastName=Doe&email=eve%40example.test&loginName=eve%00&password=Password1!"),
    );
    assert.equal(r.status, 400);
    assert.equal(r.text, JSON.stringify({ error: "invalid_request", error_description: "invalid parameter loginName: value must not contain NUL (U+0000)" }));
    assert.equal(await eventCount(), before);
  });

  it("authorize: NUL in a query parameter is invalid_request", async () => {
    const r = await request(`${emu.url}/oauth/v2/authorize?client_id=a%00&response_type=code`);
    assert.equal(r.status, 400);
    assert.equal((r.body as { error_description: string }).error_description, "invalid parameter client_id: value must not contain NUL (U+0000)");
  });

  it("control API: NUL or invalid UTF-8 in a JSON body is {code:3} and the sink keeps its answer", async () => {
    const api = control(emu);
    assert.equal((await api("/sinks/s1", { method: "PUT", json: { status: 202, body: "fine" } })).status, 200);
    const nul = await api("/sinks/s1", { method: "PUT", json: { status: 200, body: "a\u0000" } });
    assert.equal(nul.status, 400);
    assert.equal(nul.text, JSON.stringify({ code: 3, message: "invalid parameter body: value must not contain NUL (U+0000)" }));
    const raw = await api("/sinks/s1", {
      method: "PUT",
      body: Buffer.concat([Buffer.from('{"status":200,"body":"'), Buffer.from([0xff]), Buffer.from('"}')]),
      headers: { "content-type": "application/json" },
    });
    assert.equal(raw.status, 400);
    assert.equal(raw.text, JSON.stringify({ code: 3, message: "invalid parameter body: value must be valid UTF-8" }));
    assert.deepEqual((await api("/sinks/s1")).body, { name: "s1", status: 202, body: "fine" });
  });
});

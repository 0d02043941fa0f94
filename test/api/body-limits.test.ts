// Request bodies above the 4 MiB limit (docs/behaviour.md "Transport limits"): every surface answers
// in its own format (rpc status on the resource API, OAuth JSON on OIDC endpoints, {code,message} on
// the control API, RESOURCE_EXHAUSTED over gRPC and gRPC-web), a client still sending its body reads
// that answer instead of a reset, the connection stays usable, and nothing is stored.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import net from "node:net";
import * as grpc from "@grpc/grpc-js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { grpcWebRawCall, lengthDelimited } from "../helpers/raw-grpc.js";

const emu = await startTestEmulator();
const pat = emu.adminPat;
const FIVE_MB = 5 * 1024 * 1024;
const TOO_LARGE = "the request body is larger than the limit of 4194304 bytes (4 MiB)";
const REST_413 = JSON.stringify({
  code: 8,
  message: `${TOO_LARGE} (REST-body-too-large)`,
  details: [{ "@type": "type.googleapis.com/svc.v1.ErrorDetail", id: "REST-body-too-large", message: TOO_LARGE }],
});
const bigTarget = () => JSON.stringify({ name: "x".repeat(FIVE_MB), restWebhook: { url: "http://localhost:9/hook" }, timeout: "10s" });
const eventCount = async () => (await control(emu).as("events", "/events?limit=1000")).body.events.length;

/** Writes a whole request (headers, then the body in pieces), then a second request on the same connection; returns all bytes read until idle. */
function rawExchange(head: string, body: Buffer, next: string): Promise<{ text: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(emu.port, "127.0.0.1");
    let text = "";
    let error: string | undefined;
    let idle: NodeJS.Timeout | undefined;
    const finish = () => {
      socket.destroy();
      resolve({ text, error });
    };
    socket.on("data", (d) => {
      text += d.toString("latin1");
      clearTimeout(idle);
      idle = setTimeout(finish, 500);
    });
    socket.on("error", (e) => (error = (e as NodeJS.ErrnoException).code));
    socket.on("close", () => setTimeout(finish, 50));
    socket.write(head);
    socket.write(body, () => socket.write(next));
  });
}

describe("bodies above the limit", () => {
  it("REST: fetch sending 5 MB gets 413 with the rpc status body, and nothing is stored", async () => {
    const before = await eventCount();
    const r = await request(`${emu.url}/resources/v3alpha/targets`, {
      method: "POST",
      token: pat,
      body: bigTarget(),
      headers: { "content-type": "application/json" },
    });
    assert.equal(r.status, 413);
    assert.equal(r.headers.get("content-type"), "application/json; charset=utf-8");
    assert.equal(r.text, REST_413);
    assert.notEqual(r.headers.get("connection"), "close");
    assert.equal(await eventCount(), before);
  });

  it("REST: a body under the limit (above fastify's 1 MiB default) is read and judged by the rules", async () => {
    const name = "x".repeat(2 * 1024 * 1024);
    const r = await request(`${emu.url}/resources/v3alpha/targets`, {
      method: "POST",
      token: pat,
      json: { name, restWebhook: { url: "http://localhost:9/hook" }, timeout: "10s" },
    });
    assert.notEqual(r.status, 413, r.text);
  });

  it("OIDC token endpoint: 5 MB form gets 413 as an OAuth JSON error", async () => {
    const r = await request(`${emu.url}/oauth/v2/token`, {
      method: "POST",
      body: `grant_type=client_credentials&scope=${"x".repeat(FIVE_MB)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    assert.equal(r.status, 413);
    assert.equal(r.headers.get("cache-control"), "no-store");
    assert.equal(r.text, JSON.stringify({ error: "invalid_request", error_description: TOO_LARGE }));
  });

  it("control API: 5 MB JSON gets 413 {code, message}, and no snapshot is taken", async () => {
    const r = await control(emu)("/snapshots", { method: "POST", json: { name: "big", pad: "x".repeat(FIVE_MB) } });
    assert.equal(r.status, 413);
    assert.equal(r.text, JSON.stringify({ code: 8, message: TOO_LARGE }));
    assert.equal((await control(emu)("/snapshots")).text.includes('"big"'), false);
  });

  it("a raw socket that writes the headers and the whole 5 MB body reads the full 413, and the connection serves the next request", async () => {
    const body = Buffer.from(bigTarget());
    const head =
      `POST /resources/v3alpha/targets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${pat}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { text, error } = await rawExchange(head, body, "GET /emulator/v1/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
    assert.equal(error, undefined, "no EPIPE or reset");
    const [first, second] = text.split(/(?=HTTP\/1\.1 )/);
    assert.match(first!, /^HTTP\/1\.1 413 Payload Too Large\r\n/);
    assert.doesNotMatch(first!, /\r\nconnection: close\r\n/i);
    assert.ok(first!.endsWith(`\r\n\r\n${REST_413}`), first);
    assert.match(second ?? "", /^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\n\{"status":"ok"\}$/);
  });

  it("a raw socket sending 5 MB chunked (no Content-Length) reads the full 413 too", async () => {
    const body = Buffer.from(bigTarget());
    const chunks: Buffer[] = [];
    for (let i = 0; i < body.length; i += 64 * 1024) {
      const part = body.subarray(i, i + 64 * 1024);
      chunks.push(Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n"));
    }
    chunks.push(Buffer.from("0\r\n\r\n"));
    const head =
      `POST /resources/v3alpha/targets HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${pat}\r\n` +
      "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
    const { text, error } = await rawExchange(head, Buffer.concat(chunks), "GET /emulator/v1/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
    assert.equal(error, undefined, "no EPIPE or reset");
    assert.match(text, /^HTTP\/1\.1 413 Payload Too Large\r\n/);
    assert.ok(text.includes(`\r\n\r\n${REST_413}HTTP/1.1 200 OK\r\n`), text.slice(0, 600));
  });

  it("gRPC-web: a 5 MB message gets RESOURCE_EXHAUSTED in the trailers", async () => {
    const message = lengthDelimited(2, lengthDelimited(1, Buffer.alloc(FIVE_MB, 0x61)));
    const r = await grpcWebRawCall(emu.url, "/svc.resources.action.v3alpha.SvcActions/CreateTarget", message, pat);
    assert.deepEqual(r, {
      code: grpc.status.RESOURCE_EXHAUSTED,
      message: `message size ${message.length} is larger than configured readMaxBytes 4194304`,
      httpStatus: 200,
    });
  });

  it("gRPC-web from a raw socket: the 5 MB message is drained and the connection serves the next request", async () => {
    const message = lengthDelimited(2, lengthDelimited(1, Buffer.alloc(FIVE_MB, 0x61)));
    const prefix = Buffer.alloc(5);
    prefix.writeUInt32BE(message.length, 1);
    const body = Buffer.concat([prefix, message]);
    const head =
      `POST /svc.resources.action.v3alpha.SvcActions/CreateTarget HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${pat}\r\n` +
      `Content-Type: application/grpc-web+proto\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { text, error } = await rawExchange(head, body, "GET /emulator/v1/health HTTP/1.1\r\nHost: localhost\r\n\r\n");
    assert.equal(error, undefined, "no EPIPE or reset");
    assert.match(text, /^HTTP\/1\.1 200 OK\r\n[\s\S]*grpc-status: 8\r\n[\s\S]*HTTP\/1\.1 200 OK\r\n[\s\S]*\{"status":"ok"\}$/);
  });

  it("gRPC over HTTP/2: a 5 MB message gets RESOURCE_EXHAUSTED with a status, and the channel serves the next call", async () => {
    const client = new grpc.Client(new URL(emu.url).host, grpc.credentials.createInsecure());
    const call = (message: Buffer) =>
      new Promise<grpc.ServiceError | null>((resolve) => {
        const md = new grpc.Metadata();
        md.set("authorization", `Bearer ${pat}`);
        client.makeUnaryRequest(
          "/svc.resources.action.v3alpha.SvcActions/CreateTarget",
          (b: Buffer) => b,
          (b: Buffer) => b,
          message,
          md,
          { deadline: Date.now() + 20_000 },
          (err) => resolve(err),
        );
      });
    try {
      const before = await eventCount();
      const big = lengthDelimited(2, lengthDelimited(1, Buffer.alloc(FIVE_MB, 0x61)));
      const err = await call(big);
      assert.equal(err?.code, grpc.status.RESOURCE_EXHAUSTED);
      assert.equal(err?.details, `message size ${big.length} is larger than configured readMaxBytes 4194304`);
      // A small, valid-looking message on the same channel gets a field-rule answer, not a transport error.
      const small = await call(lengthDelimited(2, lengthDelimited(1, Buffer.from("t"))));
      assert.equal(small?.code, grpc.status.INVALID_ARGUMENT);
      assert.equal(await eventCount(), before);
    } finally {
      client.close();
    }
  });
});

// Hostile input on the gRPC and gRPC-web transports of the resource API: every rpc of the emulator's
// own rpc table gets request messages shaped by its descriptor (hostile values encoded as protobuf),
// random bytes, a valid message with garbage after it, and a cut one, over HTTP/2 (a raw session, so
// the test writes every frame itself) and over gRPC-web (fetch). Then malformed framing: no message,
// a cut prefix, a length beyond the body, a compressed flag without an encoding, two messages for a
// unary rpc, a trailer flag in a request, bad encodings and grpc-timeout, JSON and text codecs with
// garbage, each with the status gRPC prescribes. Each case: a designed refusal (never UNKNOWN; INTERNAL
// only where gRPC and the product's grpc-go give it), no HTTP 5xx, nothing stored on refusal, the
// server still healthy.

import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import http2 from "node:http2";
import fc from "fast-check";
import { fromJson, toBinary, type DescMessage } from "@bufbuild/protobuf";
import { buildRpcTable } from "../../emulator/src/api/services.js";
import type { RpcEntry } from "../../emulator/src/api/rpc.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { assertAlive, assertUnchanged, fuzzParams, storeState } from "./fuzz-kit.js";
import { messageArbitrary } from "./message-arbitrary.js";
import { grpcWebStatus } from "../helpers/raw-grpc.js";

const emu = await startTestEmulator();
const RUNS_PER_RPC = 16;
const session = http2.connect(emu.url);
after(() => session.close());

/** The 5-byte prefix of a gRPC message: flag (1 = compressed, 0x80 = trailers in gRPC-web) and length. */
function frame(message: Buffer, flag = 0, length = message.length): Buffer {
  const head = Buffer.alloc(5);
  head[0] = flag;
  head.writeUInt32BE(length >>> 0, 1);
  return Buffer.concat([head, message]);
}

interface Answer {
  httpStatus: number;
  /** grpc-status from the trailers, or from the headers of a trailers-only answer; NaN when absent. */
  code: number;
  message: string;
}

/** One gRPC call on the shared HTTP/2 session, with the request body exactly as given. */
function grpcCall(path: string, body: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = session.request({ ":method": "POST", ":path": path, "content-type": "application/grpc+proto", te: "trailers", ...headers });
    let head: http2.IncomingHttpHeaders = {};
    let tail: http2.IncomingHttpHeaders = {};
    req.on("response", (h) => (head = h));
    req.on("trailers", (t) => (tail = t));
    req.on("data", () => {});
    req.on("error", reject);
    req.on("end", () => {
      const field = (name: string) => (tail[name] ?? head[name]) as string | undefined;
      resolve({
        httpStatus: Number(head[":status"]),
        code: Number(field("grpc-status") ?? Number.NaN),
        message: decodeURIComponent(field("grpc-message") ?? ""),
      });
    });
    req.end(body);
  });
}

/** One gRPC-web call (HTTP/1.1), the body exactly as given; the status from the trailer frame or the headers. */
async function webCall(path: string, body: Buffer | string, contentType = "application/grpc-web+proto", headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${emu.url}${path}`, {
    method: "POST",
    headers: { "content-type": contentType, "x-grpc-web": "1", ...headers },
    body: body as BodyInit,
  });
  return grpcWebStatus(res);
}

/**
 * The INTERNAL answers gRPC itself prescribes, as the product's grpc-go gives them: a request message
 * that is not protobuf wire data ("grpc: error unmarshalling request"), a compressed flag without an
 * encoding ("grpc: compressed flag set with identity or empty encoding").
 */
const PROTOCOL_INTERNAL = /^(parse binary: |received compressed envelope, but do not know how to decompress)/;

/**
 * A designed answer: a gRPC status, not UNKNOWN (2), INTERNAL (13) only where gRPC prescribes it;
 * UNIMPLEMENTED (12) is DESIGN 7's answer for an rpc or an option the emulator does not implement.
 */
function assertDesigned(a: Answer, what: string): void {
  assert.ok(a.httpStatus < 500, `${what}: HTTP ${a.httpStatus} (${a.message})`);
  assert.ok(Number.isInteger(a.code) && a.code >= 0 && a.code <= 16, `${what}: no gRPC status (HTTP ${a.httpStatus})`);
  assert.ok(a.code !== 2 && (a.code !== 13 || PROTOCOL_INTERNAL.test(a.message)), `${what}: gRPC ${a.code} ${a.message}`);
  if (a.code !== 0) assert.ok(a.message.length > 0, `${what}: gRPC ${a.code} without a message`);
}

/** Protobuf bytes of hostile but well-typed values: the shaped JSON through the message's own JSON mapping, when it maps. */
function shapedBytes(input: DescMessage): fc.Arbitrary<Buffer | undefined> {
  return messageArbitrary(input).map((json) => {
    try {
      return Buffer.from(toBinary(input, fromJson(input, json as never, { ignoreUnknownFields: true })));
    } catch {
      return undefined; // not a value of this message: the random-bytes cases stand in
    }
  });
}

function messageArbitraryBytes(input: DescMessage): fc.Arbitrary<Buffer> {
  const random = fc.uint8Array({ maxLength: 96 }).map((a) => Buffer.from(a));
  return fc.oneof(
    { weight: 5, arbitrary: fc.tuple(shapedBytes(input), random).map(([s, r]) => s ?? r) },
    { weight: 2, arbitrary: random },
    { weight: 1, arbitrary: fc.tuple(shapedBytes(input), random).map(([s, r]) => Buffer.concat([s ?? Buffer.alloc(0), r])) },
    {
      weight: 1,
      arbitrary: fc.tuple(shapedBytes(input), fc.nat()).map(([s, n]) => (s && s.length > 1 ? s.subarray(0, n % s.length) : Buffer.from([0x0a, 0x05]))),
    },
  );
}

const caseArbitrary = (e: RpcEntry) =>
  fc.record({
    transport: fc.constantFrom("grpc", "web"),
    auth: fc.constantFrom("admin", "admin", "admin", "none", "garbage"),
    message: messageArbitraryBytes(e.method.input),
  });

function authHeaders(auth: string): Record<string, string> {
  if (auth === "admin") return { authorization: `Bearer ${emu.adminPat}` };
  if (auth === "garbage") return { authorization: "Bearer .x." };
  return {};
}

const table = buildRpcTable();
let cases = 0;
after(() => console.log(`fuzz grpc: ${cases} cases over ${table.entries.length} rpcs`));

describe("gRPC and gRPC-web under hostile input", () => {
  for (const e of table.entries) {
    it(`${e.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(caseArbitrary(e), async (c) => {
          cases++;
          const before = storeState(emu);
          const a =
            c.transport === "grpc"
              ? await grpcCall(e.path, frame(c.message), authHeaders(c.auth))
              : await webCall(e.path, frame(c.message), undefined, authHeaders(c.auth));
          const what = `${c.transport} ${e.path} (${c.auth}, ${c.message.length} bytes ${c.message.toString("hex").slice(0, 80)})`;
          assertDesigned(a, what);
          if (a.code !== 0) assertUnchanged(emu, before, `${what} refused with ${a.code} ${a.message}`);
        }),
        fuzzParams(`grpc ${e.path}`, RUNS_PER_RPC),
      );
      await assertAlive(emu);
    });
  }

  it("answers malformed framing with gRPC's statuses on both transports, and stores nothing", async () => {
    const admin = authHeaders("admin");
    const get = table.entries.find((e) => e.method.name === "GetTarget")!.path;
    const create = table.entries.find((e) => e.method.name === "CreateTarget")!.path;
    const msg = Buffer.from([0x0a, 0x03, 0x61, 0x62, 0x63]); // field 1 = "abc"
    // [case, body, status over gRPC, over gRPC-web]: gRPC's codes for each violation (PROTOCOL-HTTP2.md,
    // statuscodes.md): a cardinality violation is UNIMPLEMENTED, a message over the limit
    // RESOURCE_EXHAUSTED, a compressed flag without an encoding INTERNAL, as grpc-go answers it.
    const cases: [string, Buffer, number, number][] = [
      ["no message", Buffer.alloc(0), 12, 12],
      ["a cut prefix", Buffer.from([0, 0, 0]), 3, 3],
      ["a length beyond the body", frame(msg, 0, 100), 3, 3],
      ["a length of 4 GiB", frame(msg, 0, 0xffffffff), 8, 8],
      ["a compressed flag without an encoding", frame(msg, 1), 13, 13],
      ["two messages for a unary rpc", Buffer.concat([frame(msg), frame(msg)]), 12, 12],
      // Over gRPC-web the flag 0x80 marks trailers, so the request has no message; gRPC reads the message.
      ["a trailer flag in the request", frame(msg, 0x80), 5, 12],
    ];
    const before = storeState(emu);
    for (const [name, body, overGrpc, overWeb] of cases) {
      const viaGrpc = await grpcCall(get, body, admin);
      assert.equal(viaGrpc.code, overGrpc, `grpc: ${name}: ${viaGrpc.code} ${viaGrpc.message}`);
      assert.ok(viaGrpc.message, name);
      const viaWeb = await webCall(get, body, undefined, admin);
      assert.deepEqual([viaWeb.httpStatus, viaWeb.code], [200, overWeb], `grpc-web: ${name}: ${viaWeb.code} ${viaWeb.message}`);
      // The same framing on a write: refused the same way or by the rpc, never UNKNOWN, nothing stored.
      assertDesigned(await grpcCall(create, body, admin), `grpc CreateTarget: ${name}`);
      assertDesigned(await webCall(create, body, undefined, admin), `grpc-web CreateTarget: ${name}`);
    }
    const headerCases: [string, Record<string, string>, Buffer, number][] = [
      ["a gzip flag over bytes that are not gzip", { "grpc-encoding": "gzip" }, frame(Buffer.from("not gzip"), 1), 3],
      ["an encoding the server lacks", { "grpc-encoding": "br-x" }, frame(msg), 12],
      ["a grpc-timeout that is not one", { "grpc-timeout": "abc" }, frame(msg), 3],
      ["a grpc-timeout of too many digits", { "grpc-timeout": "99999999999H" }, frame(msg), 3],
      ["a negative grpc-timeout", { "grpc-timeout": "-1S" }, frame(msg), 3],
      ["the JSON codec with text that is not JSON", { "content-type": "application/grpc+json" }, frame(Buffer.from("{nope")), 3],
    ];
    for (const [name, headers, body, code] of headerCases) {
      const a = await grpcCall(get, body, { ...admin, ...headers });
      assert.equal(a.code, code, `grpc: ${name}: ${a.code} ${a.message}`);
      assertDesigned(await grpcCall(create, body, { ...admin, ...headers }), `grpc CreateTarget: ${name}`);
    }
    const cutJson = await webCall(get, frame(Buffer.from('{"id":')), "application/grpc-web+json", admin);
    assert.deepEqual([cutJson.httpStatus, cutJson.code], [200, 3], cutJson.message);
    // A content type outside the spec's list (application/json, application/grpc, application/grpc-web+proto
    // and their codecs): 415, as gRPC says for a content type it does not serve.
    assert.equal((await webCall(get, "AAAAAAA=", "application/grpc-web-text", admin)).httpStatus, 415);
    assertUnchanged(emu, before, "malformed framing");
    await assertAlive(emu);
  });
});

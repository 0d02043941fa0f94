// The gRPC and gRPC-web request body of an rpc whose request type can nest without bound (a
// google.protobuf.Struct, as in the admin import's login texts), read whole and checked for its
// nesting before connect decodes it: a message nested deeper than protobuf's limit is refused as
// InvalidArgument naming the request field it is under, instead of overflowing the decoder's stack
// (connect would answer Internal, naming nothing). Other requests pass through untouched.

import type { DescMessage } from "@bufbuild/protobuf";
import type { UniversalServerRequest } from "@connectrpc/connect/protocol";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { SvcError, Code } from "../kernel/errors.js";
import { canNestWithoutBound, MESSAGE_MAX_DEPTH, tooDeepField } from "../kernel/proto-depth.js";

/** The messages of a body of gRPC envelopes (flags byte, 4-byte length, message), decompressed by `encoding`. */
function envelopes(body: Buffer, encoding: string | null): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at + 5 <= body.length; ) {
    const flags = body[at]!;
    const length = body.readUInt32BE(at + 1);
    const data = body.subarray(at + 5, at + 5 + length);
    at += 5 + length;
    if (!(flags & 1)) out.push(data);
    else if (encoding === "gzip") out.push(gunzipSync(data));
    else if (encoding === "br") out.push(brotliDecompressSync(data));
  }
  return out;
}

/**
 * The request with its body checked for nesting, for `schema` (the rpc's request type). Throws the
 * rpc's InvalidArgument while the body is read, so connect answers it in the request's protocol.
 */
export function withNestingChecked(req: UniversalServerRequest, schema: DescMessage, toRpcError: (e: SvcError) => Error): UniversalServerRequest {
  const body = req.body;
  if (!canNestWithoutBound(schema) || !body || typeof body !== "object" || !(Symbol.asyncIterator in body)) return req;
  const chunks = body as AsyncIterable<Uint8Array>;
  async function* checked(): AsyncGenerator<Uint8Array> {
    const parts: Uint8Array[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    const whole = Buffer.concat(parts);
    let messages: Uint8Array[] = [];
    try {
      messages = envelopes(whole, req.header.get("grpc-encoding"));
    } catch {
      // Not decompressible: connect reports it.
    }
    for (const message of messages) {
      const field = tooDeepField(schema, message);
      if (field)
        throw toRpcError(
          new SvcError(Code.InvalidArgument, "REQUEST-too-deep", `invalid ${schema.name}.${field.name}: nested deeper than ${MESSAGE_MAX_DEPTH} messages`),
        );
    }
    yield whole;
  }
  return { ...req, body: checked() };
}

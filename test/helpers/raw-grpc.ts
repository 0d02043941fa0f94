// Requests whose message bytes the test writes itself (e.g. a string field with invalid UTF-8, which
// no encoder produces), over gRPC with @grpc/grpc-js and over gRPC-web with fetch. Error details are
// not decoded: the status code, the message and the detail id in the status are what tests assert.

import * as grpc from "@grpc/grpc-js";

export interface RawStatus {
  code: number;
  message: string;
  /** The HTTP status (gRPC-web only). */
  httpStatus?: number;
}

/** Protobuf wire bytes of one length-delimited field (strings, bytes, messages). */
export function lengthDelimited(fieldNumber: number, value: Uint8Array): Buffer {
  return Buffer.concat([varint((fieldNumber << 3) | 2), varint(value.length), value]);
}

function varint(n: number): Buffer {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return Buffer.from(out);
}

/** A unary gRPC call with the request's bytes as given; resolves with the status. */
export function grpcRawCall(address: string, path: string, message: Buffer, token?: string): Promise<RawStatus> {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const metadata = new grpc.Metadata();
  if (token) metadata.set("authorization", `Bearer ${token}`);
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      path,
      (b: Buffer) => b,
      (b: Buffer) => b,
      message,
      metadata,
      { deadline: Date.now() + 20_000 },
      (err) => {
        client.close();
        resolve(err ? { code: err.code, message: err.details } : { code: 0, message: "" });
      },
    );
  });
}

/** A unary gRPC-web call with the request's bytes as given; resolves with the status from the trailers. */
export async function grpcWebRawCall(url: string, path: string, message: Buffer, token?: string): Promise<RawStatus> {
  const prefix = Buffer.alloc(5);
  prefix.writeUInt32BE(message.length, 1);
  const headers: Record<string, string> = { "content-type": "application/grpc-web+proto", "x-grpc-web": "1" };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${url}${path}`, { method: "POST", headers, body: Buffer.concat([prefix, message]) });
  return grpcWebStatus(res);
}

/** The status of a gRPC-web answer: from its trailer frame, else from its headers (a trailers-only answer); code NaN when neither has one. */
export async function grpcWebStatus(res: Response): Promise<Required<RawStatus>> {
  const body = Buffer.from(await res.arrayBuffer());
  // Envelopes: flag byte (0x80 = trailers), 4-byte length, payload.
  let trailers = "";
  for (let i = 0; i + 5 <= body.length; ) {
    const len = body.readUInt32BE(i + 1);
    if (body[i]! & 0x80) trailers = body.subarray(i + 5, i + 5 + len).toString("utf8");
    i += 5 + len;
  }
  const field = (name: string) =>
    /^[^:]+:\s*(.*)$/.exec(trailers.split("\r\n").find((l) => l.toLowerCase().startsWith(`${name}:`)) ?? "")?.[1] ?? res.headers.get(name) ?? undefined;
  const code = Number(field("grpc-status") ?? Number.NaN);
  return { code, message: decodeURIComponent(field("grpc-message") ?? ""), httpStatus: res.status };
}

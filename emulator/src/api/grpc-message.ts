// The gRPC spec percent-encodes grpc-message only outside printable ASCII (and "%" itself);
// connect-node encodes with encodeURIComponent, which @grpc/grpc-js and others do not fully
// decode (": " arrives as "%3A "). Responses are rewritten to the spec's encoding.

import type { OutgoingHttpHeaders } from "node:http";

export function specEncodeGrpcMessage(connectEncoded: string): string {
  let text: string;
  try {
    text = decodeURIComponent(connectEncoded);
  } catch {
    return connectEncoded;
  }
  const bytes = Buffer.from(text, "utf8");
  let out = "";
  for (const b of bytes) out += b >= 0x20 && b <= 0x7e && b !== 0x25 ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  return out;
}

function fix(headers: OutgoingHttpHeaders | undefined): void {
  const m = headers?.["grpc-message"];
  if (headers && typeof m === "string") headers["grpc-message"] = specEncodeGrpcMessage(m);
}

interface HeaderWriter {
  writeHead(status: number, headers?: OutgoingHttpHeaders): unknown;
  addTrailers(headers: OutgoingHttpHeaders): void;
}

/** Makes a response write grpc-message (in headers or trailers) with the spec's encoding. */
export function withSpecGrpcMessage<R extends HeaderWriter>(res: R): R {
  const writeHead = res.writeHead.bind(res);
  const addTrailers = res.addTrailers.bind(res);
  res.writeHead = (status: number, headers?: OutgoingHttpHeaders) => (fix(headers), writeHead(status, headers));
  res.addTrailers = (headers: OutgoingHttpHeaders) => (fix(headers), addTrailers(headers));
  return res;
}

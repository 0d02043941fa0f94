// The body of a multipart upload (uploadType=multipart): multipart/related with two parts, the
// object's JSON metadata and its bytes. Parsed on the raw buffer, since the bytes may be anything.

import { invalid } from "./gcs-error.js";

export interface MultipartUpload {
  metadata: Record<string, unknown>;
  contentType: string | undefined;
  data: Buffer;
}

interface Part {
  headers: Record<string, string>;
  body: Buffer;
}

function boundaryOf(contentType: string): string {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!m) throw invalid("A multipart upload needs Content-Type multipart/related with a boundary");
  return (m[1] ?? m[2])!;
}

function partsOf(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === "--") return parts; // the closing delimiter
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const raw = body.subarray(start, next);
    const headerEnd = raw.indexOf("\r\n\r\n");
    if (headerEnd === -1) throw invalid("A part of the multipart upload has no header block");
    const headers: Record<string, string> = {};
    for (const line of raw.subarray(0, headerEnd).toString("utf8").split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    // The part's body ends before the CRLF that precedes the next delimiter.
    let end = raw.length;
    if (raw[end - 2] === 13 && raw[end - 1] === 10) end -= 2;
    parts.push({ headers, body: raw.subarray(headerEnd + 4, end) });
    at = next;
  }
  throw invalid("The multipart upload is not terminated by its closing boundary");
}

export function parseMultipartUpload(contentType: string, body: Buffer): MultipartUpload {
  const parts = partsOf(body, boundaryOf(contentType));
  if (parts.length !== 2) throw invalid(`A multipart upload has two parts (metadata, then media); this one has ${parts.length}`);
  let metadata: unknown;
  try {
    metadata = JSON.parse(parts[0]!.body.toString("utf8") || "{}");
  } catch {
    throw invalid("The metadata part of the multipart upload is not JSON");
  }
  if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata)) throw invalid("The metadata part must be a JSON object");
  return { metadata: metadata as Record<string, unknown>, contentType: parts[1]!.headers["content-type"], data: parts[1]!.body };
}

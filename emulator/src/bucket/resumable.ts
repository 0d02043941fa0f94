// Resumable upload sessions (uploadType=resumable): the POST that opens one answers a session URI
// in Location, the PUTs to it carry the bytes with Content-Range, each answered 308 with the Range
// received so far until the last, which stores the object. Sessions live in the process only: an
// upload interrupted by a restart of the emulator starts over, as one whose session expired.

import { randomBytes } from "node:crypto";
import type { ObjectInfo, PutOptions } from "./bucket-store.js";
import { invalid } from "./gcs-error.js";

export interface UploadSession {
  bucket: string;
  name: string;
  options: PutOptions;
  ifGenerationMatch: string | undefined;
  chunks: Buffer[];
  received: number;
  /** The stored object, once the last byte arrived (a later status query answers it again). */
  done?: ObjectInfo;
}

/** What a PUT's Content-Range says: the first byte of its body (undefined for a status query) and the total size, if known. */
export interface ChunkRange {
  first: number | undefined;
  total: number | undefined;
}

/**
 * Parses `bytes 0-99/100`, `bytes 0-99/*`, `bytes * /100` and `bytes * /*` (without the spaces).
 * `bytes 100-* /*`, which the official client sends when it streams the rest of an upload of unknown
 * size in one request, makes that request's body the end of the object; so does a PUT without it.
 */
export function parseContentRange(header: string | undefined, bodyLength: number): ChunkRange {
  if (header === undefined) return { first: 0, total: bodyLength };
  const m = /^bytes (?:(\d+)-(\d+|\*)|\*)\/(\d+|\*)$/.exec(header.trim());
  if (!m) throw invalid(`Content-Range ${JSON.stringify(header)} is not of the form "bytes first-last/total"`);
  const total = m[3] === "*" ? undefined : Number(m[3]);
  if (m[1] === undefined) return { first: undefined, total };
  const first = Number(m[1]);
  if (m[2] === "*") return { first, total: total ?? first + bodyLength };
  if (Number(m[2]) - first + 1 !== bodyLength) throw invalid(`Content-Range ${header} does not match the ${bodyLength} bytes sent`);
  return { first, total };
}

export class ResumableUploads {
  private readonly sessions = new Map<string, UploadSession>();

  open(session: Omit<UploadSession, "chunks" | "received">): string {
    const id = randomBytes(16).toString("hex");
    this.sessions.set(id, { ...session, chunks: [], received: 0 });
    return id;
  }

  get(id: string): UploadSession | undefined {
    return this.sessions.get(id);
  }

  /** Adds a chunk; bytes the session already holds (a resent chunk) are skipped. */
  append(s: UploadSession, first: number, data: Buffer): void {
    if (first > s.received) throw invalid(`The chunk starts at byte ${first} but only ${s.received} bytes were received`);
    const fresh = data.subarray(s.received - first);
    if (fresh.length > 0) s.chunks.push(fresh);
    s.received += fresh.length;
  }

  /** The session's bytes, handed over once; the session keeps only the stored object. */
  take(s: UploadSession): Buffer {
    const data = Buffer.concat(s.chunks);
    s.chunks = [];
    return data;
  }

  cancel(id: string): boolean {
    return this.sessions.delete(id);
  }
}

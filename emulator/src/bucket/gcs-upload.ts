// Object insert of the GCS JSON API: POST /upload/storage/v1/b/{bucket}/o with uploadType media
// (the body is the object), multipart (metadata and bytes) or resumable (opens a session, then PUTs
// to its URI carry the bytes: resumable.ts). ifGenerationMatch is honoured, "0" meaning "only if absent".

import type { FastifyReply, FastifyRequest } from "fastify";
import { type BucketStore, objectNameProblem, type ObjectInfo, type PutOptions } from "./bucket-store.js";
import { GcsError, invalid, noSuchBucket, required } from "./gcs-error.js";
import { objectResource } from "./gcs-resources.js";
import { parseMultipartUpload } from "./multipart.js";
import { parseContentRange, type ResumableUploads } from "./resumable.js";

export type Query = Record<string, string | undefined>;

function bodyOf(req: FastifyRequest): Buffer {
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
}

function metadataOf(body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    throw invalid("The upload's metadata is not JSON");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw invalid("The upload's metadata must be a JSON object");
  return parsed as Record<string, unknown>;
}

function optionsOf(meta: Record<string, unknown>, contentType: string | undefined): PutOptions {
  const custom = meta.metadata;
  if (custom !== undefined && (custom === null || typeof custom !== "object" || Array.isArray(custom))) throw invalid("metadata.metadata must be an object");
  const entries = Object.entries((custom ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]);
  const type = typeof meta.contentType === "string" ? meta.contentType : contentType;
  return { ...(type ? { contentType: type } : {}), metadata: Object.fromEntries(entries) };
}

function nameOf(query: Query, meta: Record<string, unknown>): string {
  const name = query.name ?? (typeof meta.name === "string" ? meta.name : undefined);
  if (name === undefined || name === "") throw required("Required: the object name (query parameter name, or name in the metadata)");
  const problem = objectNameProblem(name);
  if (problem) throw invalid(`The object name is not valid: ${problem}`);
  return name;
}

/** Checks ifGenerationMatch against the object as stored now. */
function checkPrecondition(store: BucketStore, bucket: string, name: string, ifGenerationMatch: string | undefined): void {
  if (ifGenerationMatch === undefined) return;
  const current = store.getObject(bucket, name)?.generation ?? "0";
  if (current !== ifGenerationMatch) throw new GcsError(412, "conditionNotMet", "At least one of the pre-conditions you specified did not hold.");
}

function store(s: BucketStore, bucket: string, name: string, data: Buffer, opts: PutOptions, ifGenerationMatch: string | undefined): ObjectInfo {
  checkPrecondition(s, bucket, name, ifGenerationMatch);
  return s.putObject(bucket, name, data, opts);
}

export function insertObject(s: BucketStore, uploads: ResumableUploads, base: string, bucket: string, req: FastifyRequest, reply: FastifyReply) {
  const query = req.query as Query;
  if (!s.getBucket(bucket)) throw noSuchBucket();
  const body = bodyOf(req);
  const contentType = req.headers["content-type"];
  switch (query.uploadType) {
    case "media": {
      const name = nameOf(query, {});
      return objectResource(base, store(s, bucket, name, body, optionsOf({}, contentType), query.ifGenerationMatch));
    }
    case "multipart": {
      const upload = parseMultipartUpload(contentType ?? "", body);
      const name = nameOf(query, upload.metadata);
      return objectResource(base, store(s, bucket, name, upload.data, optionsOf(upload.metadata, upload.contentType), query.ifGenerationMatch));
    }
    case "resumable": {
      const meta = metadataOf(body);
      const name = nameOf(query, meta);
      const declared = req.headers["x-upload-content-type"];
      const options = optionsOf(meta, typeof declared === "string" ? declared : undefined);
      checkPrecondition(s, bucket, name, query.ifGenerationMatch);
      const id = uploads.open({ bucket, name, options, ifGenerationMatch: query.ifGenerationMatch });
      const location = `${base}/upload/storage/v1/b/${bucket}/o?uploadType=resumable&name=${encodeURIComponent(name)}&upload_id=${id}`;
      return reply.header("location", location).header("x-guploader-uploadid", id).send();
    }
    default:
      throw invalid(`uploadType ${JSON.stringify(query.uploadType ?? "")} is not one of media, multipart, resumable`);
  }
}

/** PUT to a resumable session URI: a chunk, the last chunk, or a status query. */
export function continueUpload(s: BucketStore, uploads: ResumableUploads, base: string, req: FastifyRequest, reply: FastifyReply) {
  const id = (req.query as Query).upload_id ?? "";
  const session = uploads.get(id);
  if (!session) throw new GcsError(404, "notFound", "No such upload session: it was never opened, was cancelled, or the emulator restarted");
  if (session.done) return objectResource(base, session.done);
  const body = bodyOf(req);
  const range = parseContentRange(req.headers["content-range"], body.length);
  if (range.first !== undefined) uploads.append(session, range.first, body);
  if (range.total !== undefined && session.received > range.total) throw invalid(`More bytes were sent (${session.received}) than the total ${range.total}`);
  if (range.total !== undefined && session.received === range.total) {
    if (!s.getBucket(session.bucket)) throw noSuchBucket();
    session.done = store(s, session.bucket, session.name, uploads.take(session), session.options, session.ifGenerationMatch);
    return objectResource(base, session.done);
  }
  // Not complete: 308 with what arrived, the way GCS lets a client resume.
  if (session.received > 0) reply.header("range", `bytes=0-${session.received - 1}`);
  return reply.code(308).send();
}

// A subset of the GCS JSON API on the emulator's one port, enough for the official clients to use
// the local bucket store (docs/behaviour.md "Local buckets"): bucket get and insert, object insert
// (media, multipart, resumable), object get (metadata, or the bytes with alt=media, also under
// /download/), list with prefix and delimiter, delete. Any Authorization header is accepted, or none:
// the clients send a token of the service account or nothing, and the store has no owners. Paths
// are parsed here rather than by the router, since object names hold encoded slashes.

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { BUCKET_NAME, type BucketStore, objectNameProblem } from "./bucket-store.js";
import { GcsError, invalid, noSuchBucket, noSuchObject, sendGcsError } from "./gcs-error.js";
import { bucketResource, googHash, objectResource } from "./gcs-resources.js";
import { continueUpload, insertObject, type Query } from "./gcs-upload.js";
import { ResumableUploads } from "./resumable.js";

/** The largest upload request: export files of many users are large (docs/behaviour.md "Transport limits"). */
export const BUCKET_BODY_LIMIT = 512 * 1024 * 1024;

/**
 * Where the API is served. "" (paths /b/...): with STORAGE_EMULATOR_HOST the official Node client
 * sends its JSON API calls to that host without /storage/v1 (uploads keep /upload/storage/v1).
 */
const PREFIXES = ["/storage/v1", "", "/upload/storage/v1", "/download/storage/v1"] as const;
const DEFAULT_PAGE = 1000;

/** The path after the API prefix, split into decoded segments: ["b", bucket, "o", object]. */
function segmentsOf(url: string, prefix: string): string[] {
  const path = url.split("?", 1)[0]!.slice(prefix.length);
  const raw = path.split("/").slice(1);
  // An object name sent with unencoded slashes is still one name.
  const parts = raw.length > 4 ? [...raw.slice(0, 3), raw.slice(3).join("/")] : raw;
  try {
    return parts.map((p) => decodeURIComponent(p));
  } catch {
    throw invalid("The request path is not validly percent-encoded");
  }
}

function existingBucket(store: BucketStore, name: string): string {
  if (!store.getBucket(name)) throw noSuchBucket();
  return name;
}

function listObjects(store: BucketStore, base: string, bucket: string, query: Query) {
  const prefix = query.prefix ?? "";
  const delimiter = query.delimiter ?? "";
  const max = query.maxResults === undefined ? DEFAULT_PAGE : Number(query.maxResults);
  if (!Number.isInteger(max) || max < 1) throw invalid(`maxResults ${JSON.stringify(query.maxResults)} must be a positive integer`);
  const after = query.pageToken ? Buffer.from(query.pageToken, "base64url").toString("utf8") : undefined;
  const items: ReturnType<typeof objectResource>[] = [];
  const prefixes = new Set<string>();
  let last: string | undefined;
  let more = false;
  for (const o of store.listObjects(bucket, prefix)) {
    if (after !== undefined && Buffer.compare(Buffer.from(o.name), Buffer.from(after)) <= 0) continue;
    const cut = delimiter ? o.name.indexOf(delimiter, prefix.length) : -1;
    const entry = cut === -1 ? undefined : o.name.slice(0, cut + delimiter.length);
    if (entry !== undefined && prefixes.has(entry)) continue;
    if (items.length + prefixes.size >= max) {
      more = true;
      break;
    }
    if (entry !== undefined) prefixes.add(entry);
    else items.push(objectResource(base, o));
    last = o.name;
  }
  // GCS leaves out empty lists, and the page token when there is no next page.
  return {
    kind: "storage#objects",
    ...(more && last !== undefined ? { nextPageToken: Buffer.from(last).toString("base64url") } : {}),
    ...(prefixes.size > 0 ? { prefixes: [...prefixes] } : {}),
    ...(items.length > 0 ? { items } : {}),
  };
}

function sendMedia(store: BucketStore, bucket: string, name: string, reply: FastifyReply) {
  const info = store.getObject(bucket, name);
  const data = info && store.readObject(bucket, name);
  if (!info || !data) throw noSuchObject(bucket, name);
  return reply
    .type(info.contentType)
    .header("x-goog-hash", googHash(info))
    .header("x-goog-generation", info.generation)
    .header("x-goog-metageneration", "1")
    .header("x-goog-stored-content-encoding", "identity")
    .header("x-goog-stored-content-length", String(info.size))
    .send(data);
}

function createBucket(store: BucketStore, base: string, req: FastifyRequest) {
  let body: { name?: unknown };
  try {
    body = JSON.parse(Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "{}");
  } catch {
    throw invalid("The bucket resource is not JSON");
  }
  if (typeof body?.name !== "string" || !BUCKET_NAME.test(body.name)) throw invalid(`Invalid bucket name: ${JSON.stringify(body?.name ?? "")}`);
  const created = store.createBucket(body.name);
  if (!created) throw new GcsError(409, "conflict", "Your previous request to create the named bucket succeeded and you already own it.");
  return bucketResource(base, created);
}

function route(store: BucketStore, uploads: ResumableUploads, prefix: string, req: FastifyRequest, reply: FastifyReply) {
  const base = `http://${req.headers.host}`;
  const query = req.query as Query;
  const [b, bucket, o, object, ...rest] = segmentsOf(req.url, prefix);
  const m = req.method;
  if (b !== "b" || rest.length > 0 || (o !== undefined && o !== "o")) throw new GcsError(404, "notFound", "Not Found");
  if (object !== undefined) {
    const problem = objectNameProblem(object);
    if (problem) throw invalid(`The object name is not valid: ${problem}`);
  }
  if (prefix === "/upload/storage/v1" && o !== undefined && object === undefined) {
    if (m === "POST") return insertObject(store, uploads, base, bucket!, req, reply);
    if (m === "PUT") return continueUpload(store, uploads, base, req, reply);
    if (m === "DELETE" && uploads.cancel(query.upload_id ?? "")) return reply.code(499).send();
  } else if (prefix === "/download/storage/v1" && object !== undefined && m === "GET") {
    return sendMedia(store, existingBucket(store, bucket!), object, reply);
  } else if (prefix === "/storage/v1" || prefix === "") {
    if (bucket === undefined && m === "POST") return createBucket(store, base, req);
    if (bucket !== undefined && o === undefined && m === "GET") {
      const info = store.getBucket(bucket);
      if (!info) throw noSuchBucket();
      return bucketResource(base, info);
    }
    if (o !== undefined && object === undefined && m === "GET") return listObjects(store, base, existingBucket(store, bucket!), query);
    if (object !== undefined && m === "GET") {
      if (query.alt === "media") return sendMedia(store, existingBucket(store, bucket!), object, reply);
      const info = store.getObject(existingBucket(store, bucket!), object);
      if (!info) throw noSuchObject(bucket!, object);
      return objectResource(base, info);
    }
    if (object !== undefined && m === "DELETE") {
      if (!store.deleteObject(existingBucket(store, bucket!), object)) throw noSuchObject(bucket!, object);
      return reply.code(204).send();
    }
  }
  throw new GcsError(404, "notFound", "Not Found");
}

/** Registers the GCS paths; called in an encapsulated context, since it replaces the body parsers. */
export async function gcsRoutes(app: FastifyInstance, store: BucketStore): Promise<void> {
  const uploads = new ResumableUploads();
  // Uploads carry any bytes under any content type: every body is read raw, and parsed per upload type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: BUCKET_BODY_LIMIT }, (_req, body, done) => done(null, body));
  app.setErrorHandler((err: FastifyError | GcsError, _req, reply) => {
    if (err instanceof GcsError) return sendGcsError(reply, err);
    if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE")
      return sendGcsError(reply, new GcsError(413, "uploadTooLarge", `The upload is larger than the limit of ${BUCKET_BODY_LIMIT} bytes`));
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) console.error("svc-emulator: bucket store error:", err);
    return sendGcsError(reply, new GcsError(status, status === 500 ? "backendError" : "invalid", status === 500 ? "Internal error" : err.message));
  });
  for (const prefix of PREFIXES) {
    for (const url of prefix === "" ? ["/b", "/b/*"] : [`${prefix}/*`]) {
      app.route({
        method: ["GET", "POST", "PUT", "DELETE"],
        url,
        bodyLimit: BUCKET_BODY_LIMIT,
        handler: async (req, reply) => route(store, uploads, prefix, req, reply),
      });
    }
  }
}

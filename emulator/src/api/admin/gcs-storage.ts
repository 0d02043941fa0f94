// The admin export's `gcs_output` and the import's `data_orgsv1_gcs`, through the official
// @google-cloud/storage client: by default against the emulator's own bucket store (its URL), or
// wherever STORAGE_EMULATOR_HOST points when it is set (read per request, as the client reads it).
// The key of `serviceaccount_json` is checked for its shape only: the client sends no token to a
// custom endpoint. Every failure becomes an rpc error naming the bucket or object, before anything
// is written. Decisions: docs/behaviour.md "Admin export and import".

import type { Bucket } from "@google-cloud/storage";
import { parseServiceAccount, ServiceAccountError } from "../../bucket/service-account.js";
import { failedPrecondition, invalidArgument, notFound, SvcError, Code } from "../../kernel/errors.js";

type StorageModule = typeof import("@google-cloud/storage");
let storageModule: Promise<StorageModule> | undefined;

/** The client is loaded on the first bucket request: it and its auth libraries are a third of the bundle and
 * cost start-up time and memory in every run, while few runs export to or import from a bucket. */
function loadStorage(): Promise<StorageModule> {
  storageModule ??= import("@google-cloud/storage");
  return storageModule;
}

/** The GCSInput / GCSOutput of the admin rpcs (same fields). */
export interface GcsLocation {
  bucket: string;
  serviceaccountJson: string;
  path: string;
}

/** A checked location with its client's bucket handle; made before the export is built or the import read. */
export interface GcsTarget {
  bucket: Bucket;
  name: string;
  /** Where the client sends its requests, for error messages. */
  endpoint: string;
}

function endpointOf(ownUrl: string): { endpoint: string; apiEndpoint?: string } {
  const env = process.env.STORAGE_EMULATOR_HOST;
  // With STORAGE_EMULATOR_HOST the client takes its base URL from the variable; an apiEndpoint
  // beside it would split uploads and JSON calls between two hosts.
  if (env) return { endpoint: env };
  return { endpoint: ownUrl, apiEndpoint: ownUrl };
}

function unreachable(target: { endpoint: string }, e: unknown): SvcError {
  const why = e instanceof Error ? e.message : String(e);
  return new SvcError(Code.Unavailable, "ADMIN-gcs-unavailable", `the bucket store at ${target.endpoint} answered with an error: ${why}`);
}

/** Checks the request's fields and that the bucket exists; `field` names the request field in messages. */
export async function openGcsTarget(field: string, location: GcsLocation, ownUrl: string): Promise<GcsTarget> {
  const missing = (["bucket", "path"] as const).filter((k) => location[k].trim() === "");
  if (missing.length > 0) throw invalidArgument("ADMIN-gcs-location", `${field} lacks ${missing.join(", ")}`);
  let account: ReturnType<typeof parseServiceAccount>;
  try {
    account = parseServiceAccount(location.serviceaccountJson);
  } catch (e) {
    if (e instanceof ServiceAccountError) throw invalidArgument("ADMIN-gcs-service-account", `${field}: ${e.message}`);
    throw e;
  }
  const { endpoint, apiEndpoint } = endpointOf(ownUrl);
  const { Storage, ApiError } = await loadStorage();
  const storage = new Storage({
    projectId: account.project_id,
    credentials: { client_email: account.client_email, private_key: account.private_key },
    ...(apiEndpoint ? { apiEndpoint } : {}),
    // One attempt: a failure is answered at once instead of after the client's backoff.
    retryOptions: { autoRetry: false },
  });
  const target = { bucket: storage.bucket(location.bucket), name: location.path, endpoint };
  try {
    await target.bucket.getMetadata();
  } catch (e) {
    if (e instanceof ApiError && e.code === 404) throw notFound("ADMIN-gcs-bucket-missing", `bucket ${location.bucket} does not exist at ${endpoint}`);
    throw unreachable(target, e);
  }
  return target;
}

/** Writes the document as one JSON object (a single multipart upload). */
export async function writeDocument(target: GcsTarget, document: unknown): Promise<void> {
  const { ApiError } = await loadStorage();
  try {
    await target.bucket.file(target.name).save(Buffer.from(JSON.stringify(document)), { resumable: false, contentType: "application/json" });
  } catch (e) {
    if (e instanceof ApiError && e.code === 404)
      throw notFound("ADMIN-gcs-bucket-missing", `bucket ${target.bucket.name} does not exist at ${target.endpoint}`);
    throw unreachable(target, e);
  }
}

/** Reads and parses the object; a missing object is NotFound, one that is not JSON FailedPrecondition. */
export async function readDocument(target: GcsTarget): Promise<unknown> {
  const { ApiError } = await loadStorage();
  let bytes: Buffer;
  try {
    [bytes] = await target.bucket.file(target.name).download();
  } catch (e) {
    if (e instanceof ApiError && e.code === 404)
      throw notFound("ADMIN-gcs-object-missing", `object ${target.name} does not exist in bucket ${target.bucket.name} at ${target.endpoint}`);
    throw unreachable(target, e);
  }
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch (e) {
    throw failedPrecondition("ADMIN-gcs-object-not-json", `object ${target.name} in bucket ${target.bucket.name} does not hold JSON: ${(e as Error).message}`);
  }
}

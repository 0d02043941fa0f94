// The bucket and object resources of the GCS JSON API, as the official clients read them: int64
// fields (size, generation, metageneration) are strings, and links point back at this emulator.

import type { BucketInfo, ObjectInfo } from "./bucket-store.js";

/** The project number every bucket reports: the emulator has no projects. */
const PROJECT_NUMBER = "0";

export function bucketResource(base: string, b: BucketInfo) {
  return {
    kind: "storage#bucket",
    selfLink: `${base}/storage/v1/b/${b.name}`,
    id: b.name,
    name: b.name,
    projectNumber: PROJECT_NUMBER,
    metageneration: "1",
    location: "US",
    storageClass: "STANDARD",
    etag: "CAE=",
    timeCreated: b.timeCreated,
    updated: b.timeCreated,
    locationType: "multi-region",
  };
}

export function objectResource(base: string, o: ObjectInfo) {
  const path = `b/${o.bucket}/o/${encodeURIComponent(o.name)}`;
  return {
    kind: "storage#object",
    id: `${o.bucket}/${o.name}/${o.generation}`,
    selfLink: `${base}/storage/v1/${path}`,
    mediaLink: `${base}/download/storage/v1/${path}?generation=${o.generation}&alt=media`,
    name: o.name,
    bucket: o.bucket,
    generation: o.generation,
    metageneration: "1",
    contentType: o.contentType,
    storageClass: "STANDARD",
    size: String(o.size),
    md5Hash: o.md5Hash,
    crc32c: o.crc32c,
    etag: Buffer.from(o.generation).toString("base64"),
    timeCreated: o.timeCreated,
    updated: o.updated,
    timeStorageClassUpdated: o.timeCreated,
    ...(o.metadata ? { metadata: o.metadata } : {}),
  };
}

/** The `x-goog-hash` header of a download, which the client checks the bytes against. */
export function googHash(o: ObjectInfo): string {
  return `crc32c=${o.crc32c},md5=${o.md5Hash}`;
}

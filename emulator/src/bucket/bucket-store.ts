// The local bucket store behind the GCS JSON API subset (gcs-routes.ts) and the control API. With a
// data dir every bucket is a folder <dataDir>/buckets/<bucket>/ holding bucket.json and, per object,
// <sha256 of its name>.json (metadata) and .bin (bytes): object names may hold any character and
// differ only in case, which plain file names cannot carry on every system. With --in-memory the
// same lives in maps. Buckets stand for an outside service: reset and snapshots leave them alone.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { crc32cBase64 } from "./crc32c.js";

export interface BucketInfo {
  name: string;
  timeCreated: string;
}

export interface ObjectInfo {
  bucket: string;
  name: string;
  size: number;
  contentType: string;
  md5Hash: string;
  crc32c: string;
  /** Microseconds since the epoch, as GCS writes generations; grows with every write. */
  generation: string;
  timeCreated: string;
  updated: string;
  metadata?: Record<string, string>;
}

export interface PutOptions {
  contentType?: string;
  metadata?: Record<string, string>;
}

/** GCS's bucket name rule (without the dotted 222-character form). */
export const BUCKET_NAME = /^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/;

/** Why an object name may not be stored, or undefined (GCS: 1-1024 bytes of UTF-8, no CR or LF, not "." or ".."). */
export function objectNameProblem(name: string): string | undefined {
  const bytes = Buffer.byteLength(name);
  if (bytes < 1 || bytes > 1024) return "object names must be 1 to 1024 bytes long";
  if (/[\r\n\0]/.test(name)) return "object names may not contain CR, LF or NUL";
  if (name === "." || name === "..") return 'object names may not be "." or ".."';
  return undefined;
}

interface Held {
  info: ObjectInfo;
  data: Buffer;
}

export class BucketStore {
  private readonly memBuckets = new Map<string, BucketInfo>();
  private readonly memObjects = new Map<string, Map<string, Held>>();
  private lastGeneration = 0n;

  /** `dir`: the folder of the buckets (<dataDir>/buckets), or undefined to keep them in memory. */
  constructor(
    private readonly dir: string | undefined,
    private readonly now: () => Date,
  ) {}

  createBucket(name: string): BucketInfo | undefined {
    if (this.getBucket(name)) return undefined;
    const info = { name, timeCreated: this.now().toISOString() };
    if (!this.dir) {
      this.memBuckets.set(name, info);
      this.memObjects.set(name, new Map());
    } else {
      mkdirSync(join(this.dir, name), { recursive: true });
      writeFileSync(join(this.dir, name, "bucket.json"), JSON.stringify(info));
    }
    return info;
  }

  getBucket(name: string): BucketInfo | undefined {
    if (!BUCKET_NAME.test(name)) return undefined;
    if (!this.dir) return this.memBuckets.get(name);
    const file = join(this.dir, name, "bucket.json");
    return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as BucketInfo) : undefined;
  }

  listBuckets(): BucketInfo[] {
    const all = this.dir
      ? existsSync(this.dir)
        ? readdirSync(this.dir)
            .map((n) => this.getBucket(n))
            .filter((b): b is BucketInfo => b !== undefined)
        : []
      : [...this.memBuckets.values()];
    return all.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Stores (or replaces) an object in an existing bucket. */
  putObject(bucket: string, name: string, data: Buffer, opts: PutOptions = {}): ObjectInfo {
    const now = this.now().toISOString();
    const info: ObjectInfo = {
      bucket,
      name,
      size: data.length,
      contentType: opts.contentType || "application/octet-stream",
      md5Hash: createHash("md5").update(data).digest("base64"),
      crc32c: crc32cBase64(data),
      generation: this.nextGeneration(),
      timeCreated: now,
      updated: now,
      ...(opts.metadata && Object.keys(opts.metadata).length > 0 ? { metadata: opts.metadata } : {}),
    };
    if (!this.dir) {
      this.memObjects.get(bucket)!.set(name, { info, data });
      return info;
    }
    const base = this.objectPath(bucket, name);
    // Bytes first, then the metadata that makes the object visible; each written whole, then renamed.
    writeFileSync(`${base}.bin.tmp`, data);
    renameSync(`${base}.bin.tmp`, `${base}.bin`);
    writeFileSync(`${base}.json.tmp`, JSON.stringify(info));
    renameSync(`${base}.json.tmp`, `${base}.json`);
    return info;
  }

  getObject(bucket: string, name: string): ObjectInfo | undefined {
    if (!this.dir) return this.memObjects.get(bucket)?.get(name)?.info;
    if (!this.getBucket(bucket)) return undefined;
    const file = `${this.objectPath(bucket, name)}.json`;
    return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as ObjectInfo) : undefined;
  }

  readObject(bucket: string, name: string): Buffer | undefined {
    if (!this.dir) return this.memObjects.get(bucket)?.get(name)?.data;
    if (!this.getObject(bucket, name)) return undefined;
    return readFileSync(`${this.objectPath(bucket, name)}.bin`);
  }

  /** The objects of a bucket whose names start with `prefix`, by name (byte order, as GCS lists). */
  listObjects(bucket: string, prefix = ""): ObjectInfo[] {
    let all: ObjectInfo[];
    if (!this.dir) all = [...(this.memObjects.get(bucket)?.values() ?? [])].map((h) => h.info);
    else {
      const folder = join(this.dir, bucket);
      all = readdirSync(folder)
        .filter((f) => f.endsWith(".json") && f !== "bucket.json")
        .map((f) => JSON.parse(readFileSync(join(folder, f), "utf8")) as ObjectInfo);
    }
    return all.filter((o) => o.name.startsWith(prefix)).sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
  }

  deleteObject(bucket: string, name: string): boolean {
    if (!this.dir) return this.memObjects.get(bucket)?.delete(name) ?? false;
    if (!this.getObject(bucket, name)) return false;
    const base = this.objectPath(bucket, name);
    rmSync(`${base}.json`);
    rmSync(`${base}.bin`, { force: true });
    return true;
  }

  private objectPath(bucket: string, name: string): string {
    return join(this.dir!, bucket, createHash("sha256").update(name).digest("hex"));
  }

  private nextGeneration(): string {
    const micros = BigInt(Date.now()) * 1000n;
    this.lastGeneration = micros > this.lastGeneration ? micros : this.lastGeneration + 1n;
    return String(this.lastGeneration);
  }
}

// The local buckets in the control API: list them, create one, list a bucket's objects (by prefix),
// read an object's metadata, and download it with `:download` after its name. The same store
// answers the GCS JSON API (bucket/gcs-routes.ts); here the console token guards it instead.

import type { FastifyReply } from "fastify";
import type { ObjectInfo } from "../bucket/bucket-store.js";
import { Code } from "../kernel/errors.js";
import type { ControlContext } from "./control-context.js";
import { sendControlError } from "./control-error.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";

const DOWNLOAD = ":download";

function objectOf(o: ObjectInfo) {
  return {
    bucket: o.bucket,
    name: o.name,
    sizeBytes: o.size,
    contentType: o.contentType,
    md5Hash: o.md5Hash,
    crc32c: o.crc32c,
    generation: o.generation,
    createdAt: o.timeCreated,
    updatedAt: o.updated,
    ...(o.metadata ? { metadata: o.metadata } : {}),
  };
}

export function registerBucketRoutes(app: ControlApp, ctx: ControlContext): void {
  const store = ctx.buckets;
  const bucketOf = (name: string, createdAt: string) => {
    const objects = store.listObjects(name);
    return { name, createdAt, objectCount: objects.length, sizeBytes: objects.reduce((n, o) => n + o.size, 0) };
  };
  const noBucket = (name: string) => `No bucket named ${name}`;

  route(app, "buckets", async () => ({
    buckets: store.listBuckets().map((b) => bucketOf(b.name, b.timeCreated)),
  }));
  route(app, "createBucket", async (req, reply) => {
    const created = store.createBucket(req.body.name);
    if (!created) return sendControlError(reply, 409, Code.AlreadyExists, `A bucket named ${req.body.name} exists already`);
    return reply.code(201).send(bucketOf(created.name, created.timeCreated));
  });
  route(app, "bucketObjects", async (req, reply) => {
    if (!store.getBucket(req.params.bucket)) return sendControlError(reply, 404, Code.NotFound, noBucket(req.params.bucket));
    return { objects: store.listObjects(req.params.bucket, req.query.prefix ?? "").map(objectOf) };
  });
  route(app, "bucketObject", async (req, reply) => {
    const { bucket } = req.params;
    const path = req.params["*"];
    const download = path.endsWith(DOWNLOAD) && path.length > DOWNLOAD.length;
    const name = download ? path.slice(0, -DOWNLOAD.length) : path;
    if (!store.getBucket(bucket)) return sendControlError(reply, 404, Code.NotFound, noBucket(bucket));
    const info = store.getObject(bucket, name);
    if (!info) return sendControlError(reply, 404, Code.NotFound, `No object named ${JSON.stringify(name)} in bucket ${bucket}`);
    if (!download) return objectOf(info);
    // The bytes as stored (a Buffer is sent without the JSON serializer), offered as a file named
    // after the object's last path segment. The plain reply type: the response schema is the metadata's.
    const file = name.split("/").pop() || "object";
    const raw = reply as FastifyReply;
    return raw
      .type(info.contentType)
      .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file)}`)
      .send(store.readObject(bucket, name));
  });
}

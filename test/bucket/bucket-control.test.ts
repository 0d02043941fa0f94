// The local buckets in the control API (list, create, objects by prefix, metadata, download), what
// the console token guards, and where the objects live: the data dir across a restart, memory with
// inMemory, and neither reset nor a snapshot restore touching them.

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Storage } from "@google-cloud/storage";
import { startEmulator } from "../../emulator/src/index.js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";

const emu = await startTestEmulator();
const ctl = control(emu);
const storage = new Storage({ apiEndpoint: emu.url, projectId: "demo-project" });

describe("buckets in the control API", () => {
  test("create, then list buckets with their object counts and sizes", async () => {
    const created = await ctl.as("createBucket", "/buckets", { method: "POST", json: { name: "exports" } });
    assert.equal(created.status, 201);
    assert.deepEqual({ ...created.body, createdAt: "" }, { name: "exports", createdAt: "", objectCount: 0, sizeBytes: 0 });
    const again = await ctl("/buckets", { method: "POST", json: { name: "exports" } });
    assert.deepEqual([again.status, again.body], [409, { code: 6, message: "A bucket named exports exists already" }]);
    const bad = await ctl("/buckets", { method: "POST", json: { name: "No Such_Name" } });
    assert.equal(bad.status, 400);
    await storage.bucket("exports").file("2026/a.json").save('{"orgs":[]}', { resumable: false, contentType: "application/json" });
    await storage.bucket("exports").file("2026/b.json").save("{}", { resumable: false });
    await storage.bucket("exports").file("notes.txt").save("hello", { resumable: false, contentType: "text/plain" });
    const list = await ctl.as("buckets", "/buckets");
    assert.equal(list.status, 200);
    const [b] = list.body.buckets;
    assert.deepEqual([b!.name, b!.objectCount, b!.sizeBytes], ["exports", 3, 11 + 2 + 5]);
  });

  test("objects by prefix, and one object's metadata", async () => {
    const r = await ctl.as("bucketObjects", "/buckets/exports/objects?prefix=2026%2F");
    assert.equal(r.status, 200);
    const objects = r.body.objects;
    assert.deepEqual(
      objects.map((o) => [o.name, o.sizeBytes]),
      [
        ["2026/a.json", 11],
        ["2026/b.json", 2],
      ],
    );
    const one = await ctl.as("bucketObject", "/buckets/exports/objects/2026/a.json");
    assert.equal(one.status, 200);
    const meta = one.body;
    assert.equal(meta.name, "2026/a.json");
    assert.equal(meta.contentType, "application/json");
    const [gcs] = await storage.bucket("exports").file("2026/a.json").getMetadata();
    assert.deepEqual([meta.md5Hash, meta.crc32c, meta.generation], [gcs.md5Hash, gcs.crc32c, gcs.generation]);
  });

  test("download: the bytes with their content type, as an attachment; encoded slashes work too", async () => {
    for (const path of ["/buckets/exports/objects/2026/a.json:download", "/buckets/exports/objects/2026%2Fa.json:download"]) {
      const r = await ctl(path);
      assert.equal(r.status, 200, path);
      assert.equal(r.text, '{"orgs":[]}');
      assert.equal(r.headers.get("content-type"), "application/json");
      assert.equal(r.headers.get("content-disposition"), "attachment; filename*=UTF-8''a.json");
    }
  });

  test("missing bucket or object: 404 {code, message}", async () => {
    const cases: [string, string][] = [
      ["/buckets/nothing/objects", "No bucket named nothing"],
      ["/buckets/nothing/objects/a.json:download", "No bucket named nothing"],
      ["/buckets/exports/objects/missing.json", 'No object named "missing.json" in bucket exports'],
      ["/buckets/exports/objects/missing.json:download", 'No object named "missing.json" in bucket exports'],
    ];
    for (const [path, message] of cases) {
      const r = await ctl(path);
      assert.deepEqual([r.status, r.body], [404, { code: 5, message }], path);
    }
  });

  test("the console token guards the control routes", async () => {
    for (const path of ["/buckets", "/buckets/exports/objects", "/buckets/exports/objects/notes.txt:download"]) {
      const r = await request(`${emu.url}/emulator/v1${path}`);
      assert.equal(r.status, 401, path);
    }
  });

  test("reset and a snapshot restore leave the buckets as they are", async () => {
    await ctl("/snapshots", { method: "POST", json: { name: "before" } });
    await storage.bucket("exports").file("later.txt").save("later", { resumable: false });
    assert.equal((await ctl("/reset", { method: "POST" })).status, 200);
    assert.equal((await ctl("/snapshots/before/_restore", { method: "POST" })).status, 200);
    const [back] = await storage.bucket("exports").file("later.txt").download();
    assert.equal(back.toString(), "later");
  });
});

test("with a data dir the objects are files that outlive a restart; names differing in case stay apart", async () => {
  const dir = mkdtempSync(join(tmpdir(), "svc-buckets-"));
  try {
    const first = await startEmulator({ port: 0, dataDir: dir });
    const s1 = new Storage({ apiEndpoint: first.url, projectId: "p" });
    await s1.createBucket("kept");
    await s1.bucket("kept").file("Export.json").save("upper", { resumable: false });
    await s1.bucket("kept").file("export.json").save("lower", { resumable: true });
    await s1.bucket("kept").file("a/../b").save("dots", { resumable: false });
    await first.close();
    // bucket.json, and a .json and a .bin per object.
    assert.equal(readdirSync(join(dir, "buckets", "kept")).length, 7);
    const second = await startEmulator({ port: 0, dataDir: dir });
    try {
      const s2 = new Storage({ apiEndpoint: second.url, projectId: "p" });
      const [files] = await s2.bucket("kept").getFiles();
      assert.deepEqual(
        files.map((f) => f.name),
        ["Export.json", "a/../b", "export.json"],
      );
      assert.equal((await s2.bucket("kept").file("Export.json").download())[0].toString(), "upper");
      assert.equal((await s2.bucket("kept").file("export.json").download())[0].toString(), "lower");
      assert.equal((await s2.bucket("kept").file("a/../b").download())[0].toString(), "dots");
      await s2.bucket("kept").file("a/../b").delete();
      assert.equal(readdirSync(join(dir, "buckets", "kept")).length, 5);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

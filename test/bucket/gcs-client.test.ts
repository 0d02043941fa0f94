// The local bucket store driven by the official @google-cloud/storage client, with every exchange
// recorded on the wire by a loopback proxy: bucket insert and get, small (multipart) and resumable
// uploads in chunks, download with its checksums, list by prefix and delimiter, delete, and the
// GCS JSON error format for a missing bucket or object and for bad input.

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { CRC32C, Storage } from "@google-cloud/storage";
import { request, requestWithHost, startTestEmulator } from "../helpers/emulator.js";
import { startRecordingProxy } from "../helpers/recording-proxy.js";

const emu = await startTestEmulator();
const proxy = await startRecordingProxy(emu.port);
const storage = new Storage({ apiEndpoint: proxy.url, projectId: "demo-project" });
const bucket = storage.bucket("exports");

/** The exchanges recorded while `fn` ran. */
async function wire(fn: () => Promise<unknown>) {
  const start = proxy.exchanges.length;
  await fn();
  return proxy.exchanges.slice(start);
}

const md5 = (b: Buffer) => createHash("md5").update(b).digest("base64");
/** The client's own CRC32C, to check the store's against an independent implementation. */
function crc(b: Buffer): string {
  const c = new CRC32C();
  c.update(b);
  return c.toString();
}
const json = (b: Buffer) => JSON.parse(b.toString("utf8"));

function gcsError(status: number, reason: string, message: string) {
  return { error: { code: status, message, errors: [{ message, domain: "global", reason }] } };
}

describe("the official GCS client against the local bucket store", () => {
  test("bucket insert and get", async () => {
    const ex = await wire(() => storage.createBucket("exports"));
    assert.equal(ex.length, 1);
    assert.equal(ex[0]!.method, "POST");
    assert.equal(ex[0]!.path, "/storage/v1/b?project=demo-project");
    assert.equal(json(ex[0]!.body).name, "exports");
    assert.equal(ex[0]!.status, 200);
    const [meta] = await bucket.getMetadata();
    assert.equal(meta.name, "exports");
    assert.equal(meta.kind, "storage#bucket");
    assert.equal(proxy.exchanges.at(-1)!.path.split("?")[0], "/storage/v1/b/exports");
    await assert.rejects(storage.createBucket("exports"), (e: { code: number }) => e.code === 409);
  });

  test("a small upload is one multipart request answered with the object's checksums", async () => {
    const data = Buffer.from('{"orgs":[]}');
    const ex = await wire(() => bucket.file("exports/2026/a.json").save(data, { resumable: false, contentType: "application/json" }));
    assert.equal(ex.length, 1);
    assert.equal(ex[0]!.method, "POST");
    assert.equal(ex[0]!.path, "/upload/storage/v1/b/exports/o?uploadType=multipart&name=exports%2F2026%2Fa.json");
    assert.match(String(ex[0]!.headers["content-type"]), /^multipart\/related; boundary=/);
    assert.ok(ex[0]!.body.includes(data));
    assert.equal(ex[0]!.status, 200);
    const obj = json(ex[0]!.responseBody);
    assert.equal(obj.kind, "storage#object");
    assert.equal(obj.name, "exports/2026/a.json");
    assert.equal(obj.bucket, "exports");
    assert.equal(obj.size, String(data.length));
    assert.equal(obj.contentType, "application/json");
    assert.equal(obj.md5Hash, md5(data));
    assert.equal(obj.crc32c, crc(data));
  });

  test("a resumable upload in 256 KiB chunks: 308 with the range received, then the object", async () => {
    const data = Buffer.alloc(600_000);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7) % 251;
    const ex = await wire(() => bucket.file("big.bin").save(data, { resumable: true, chunkSize: 256 * 1024 }));
    const open = ex[0]!;
    assert.equal(open.method, "POST");
    assert.match(open.path, /^\/upload\/storage\/v1\/b\/exports\/o\?/);
    assert.match(open.path, /uploadType=resumable/);
    assert.equal(open.status, 200);
    const location = String(open.responseHeaders.location);
    assert.ok(location.startsWith(`${proxy.url}/upload/storage/v1/b/exports/o?`), location);
    const puts = ex.filter((e) => e.method === "PUT");
    assert.deepEqual(
      puts.map((p) => [p.headers["content-range"], p.status, p.responseHeaders.range]),
      [
        ["bytes 0-262143/*", 308, "bytes=0-262143"],
        ["bytes 262144-524287/*", 308, "bytes=0-524287"],
        ["bytes 524288-599999/600000", 200, undefined],
      ],
    );
    const obj = json(puts.at(-1)!.responseBody);
    assert.equal(obj.size, "600000");
    assert.equal(obj.crc32c, crc(data));
    const [back] = await bucket.file("big.bin").download();
    assert.ok(back.equals(data));
  });

  test("a resumable upload streamed in one request", async () => {
    const data = Buffer.from("streamed in one go");
    const ex = await wire(() => bucket.file("one.txt").save(data, { resumable: true }));
    const put = ex.find((e) => e.method === "PUT")!;
    assert.equal(put.headers["content-range"], "bytes 0-*/*");
    assert.equal(put.status, 200);
    assert.equal(json(put.responseBody).md5Hash, md5(data));
  });

  test("download is GET alt=media with x-goog-hash, checked by the client", async () => {
    let data: Buffer | undefined;
    const ex = await wire(async () => {
      [data] = await bucket.file("exports/2026/a.json").download();
    });
    assert.equal(data!.toString(), '{"orgs":[]}');
    const get = ex.find((e) => e.path.includes("alt=media"))!;
    assert.equal(get.method, "GET");
    assert.match(get.path, /^\/storage\/v1\/b\/exports\/o\/exports%2F2026%2Fa\.json\?/);
    assert.equal(get.status, 200);
    assert.equal(get.responseHeaders["content-type"], "application/json");
    assert.equal(get.responseHeaders["x-goog-hash"], `crc32c=${crc(data!)},md5=${md5(data!)}`);
    // The mediaLink of the metadata also serves the bytes.
    const [meta] = await bucket.file("exports/2026/a.json").getMetadata();
    const viaLink = await request(String(meta.mediaLink));
    assert.equal(viaLink.status, 200);
    assert.equal(viaLink.text, '{"orgs":[]}');
  });

  test("list with a prefix, and with a delimiter", async () => {
    await bucket.file("exports/2026/b.json").save("{}", { resumable: false });
    await bucket.file("exports/2027/c.json").save("{}", { resumable: false });
    let names: string[] = [];
    const ex = await wire(async () => {
      const [files] = await bucket.getFiles({ prefix: "exports/2026/" });
      names = files.map((f) => f.name);
    });
    assert.deepEqual(names, ["exports/2026/a.json", "exports/2026/b.json"]);
    assert.equal(ex[0]!.path, "/storage/v1/b/exports/o?prefix=exports%2F2026%2F");
    const [, , res] = await bucket.getFiles({ prefix: "exports/", delimiter: "/", autoPaginate: false });
    assert.deepEqual((res as { prefixes: string[] }).prefixes, ["exports/2026/", "exports/2027/"]);
    assert.equal((res as { items?: unknown[] }).items, undefined);
    const [page, next] = await bucket.getFiles({ maxResults: 2, autoPaginate: false });
    assert.deepEqual(
      page.map((f) => f.name),
      ["big.bin", "exports/2026/a.json"],
    );
    const [second, after] = await bucket.getFiles({ ...(next as object), autoPaginate: false });
    assert.deepEqual(
      second.map((f) => f.name),
      ["exports/2026/b.json", "exports/2027/c.json"],
    );
    const [last, none] = await bucket.getFiles({ ...(after as object), autoPaginate: false });
    assert.deepEqual(
      last.map((f) => f.name),
      ["one.txt"],
    );
    assert.equal(none, null);
  });

  test("delete answers 204; the object is gone", async () => {
    const ex = await wire(() => bucket.file("exports/2027/c.json").delete());
    assert.equal(ex[0]!.method, "DELETE");
    assert.match(ex[0]!.path, /^\/storage\/v1\/b\/exports\/o\/exports%2F2027%2Fc\.json/);
    assert.equal(ex[0]!.status, 204);
    const [exists] = await bucket.file("exports/2027/c.json").exists();
    assert.equal(exists, false);
  });

  test("a missing bucket or object: 404 in GCS's JSON error format", async () => {
    const noBucket = gcsError(404, "notFound", "The specified bucket does not exist.");
    const noObject = gcsError(404, "notFound", "No such object: exports/nothing.json");
    let ex = await wire(() => assert.rejects(storage.bucket("missing-bucket").getMetadata(), (e: { code: number }) => e.code === 404));
    assert.deepEqual(json(ex.at(-1)!.responseBody), noBucket);
    ex = await wire(() => assert.rejects(bucket.file("nothing.json").download(), (e: { code: number }) => e.code === 404));
    assert.deepEqual(json(ex.at(-1)!.responseBody), noObject);
    ex = await wire(() => assert.rejects(bucket.file("nothing.json").getMetadata(), (e: { message: string }) => e.message === noObject.error.message));
    assert.equal(ex.at(-1)!.status, 404);
    ex = await wire(() => assert.rejects(storage.bucket("missing-bucket").file("x").save("x", { resumable: false }), (e: { code: number }) => e.code === 404));
    assert.deepEqual(json(ex.at(-1)!.responseBody), noBucket);
    // Opening a resumable session fails at once; the client reports the status as `status` there.
    await assert.rejects(storage.bucket("missing-bucket").file("x").save("x", { resumable: true }), (e: { status: number }) => e.status === 404);
    await assert.rejects(bucket.file("nothing.json").delete(), (e: { code: number }) => e.code === 404);
    await assert.rejects(storage.bucket("missing-bucket").getFiles(), (e: { code: number }) => e.code === 404);
  });

  test("ifGenerationMatch 0 stores only an absent object: 412 otherwise", async () => {
    await assert.rejects(
      bucket.file("one.txt").save("again", { resumable: false, preconditionOpts: { ifGenerationMatch: 0 } }),
      (e: { code: number }) => e.code === 412,
    );
    const [back] = await bucket.file("one.txt").download();
    assert.equal(back.toString(), "streamed in one go");
  });
});

describe("the GCS paths on the wire", () => {
  const api = `${emu.url}/storage/v1`;
  test("any bearer token, or none, is accepted; the Host check applies", async () => {
    const withToken = await request(`${api}/b/exports`, { headers: { authorization: "Bearer ya29.anything" } });
    assert.equal(withToken.status, 200);
    const refused = await requestWithHost(emu.port, "/storage/v1/b/exports", "evil.example");
    assert.equal(refused.status, 403);
  });

  test("bad input: GCS errors, nothing stored", async () => {
    const before = await request(`${api}/b/exports/o`);
    const upload = (query: string, init: RequestInit) => request(`${emu.url}/upload/storage/v1/b/exports/o?${query}`, { method: "POST", ...init });
    let r = await upload("uploadType=bogus&name=x", { body: "x" });
    assert.deepEqual(r.body, gcsError(400, "invalid", 'uploadType "bogus" is not one of media, multipart, resumable'));
    r = await upload("uploadType=media", { body: "x" });
    assert.equal(r.status, 400);
    assert.equal((r.body as { error: { errors: { reason: string }[] } }).error.errors[0]!.reason, "required");
    r = await upload("uploadType=multipart", { body: "--x\r\n", headers: { "content-type": "multipart/related; boundary=x" } });
    assert.deepEqual(r.body, gcsError(400, "invalid", "The multipart upload is not terminated by its closing boundary"));
    r = await upload("uploadType=media&name=a%0Ab", { body: "x" });
    assert.deepEqual(r.body, gcsError(400, "invalid", "The object name is not valid: object names may not contain CR, LF or NUL"));
    r = await request(`${api}/b`, { method: "POST", json: { name: "Bad_Name!" } });
    assert.deepEqual(r.body, gcsError(400, "invalid", 'Invalid bucket name: "Bad_Name!"'));
    r = await request(`${emu.url}/upload/storage/v1/b/exports/o?uploadType=resumable&upload_id=nope`, { method: "PUT", body: "x" });
    assert.equal(r.status, 404);
    assert.deepEqual((await request(`${api}/b/exports/o`)).body, before.body);
  });

  test("a resumable session: status query, cancel with DELETE (499), then 404", async () => {
    const open = await request(`${emu.url}/upload/storage/v1/b/exports/o?uploadType=resumable&name=cancelled.bin`, { method: "POST", json: {} });
    const location = String(open.headers.get("location"));
    const chunk = await request(location, { method: "PUT", body: "abc", headers: { "content-range": "bytes 0-2/*" } });
    assert.deepEqual([chunk.status, chunk.headers.get("range")], [308, "bytes=0-2"]);
    const status = await request(location, { method: "PUT", headers: { "content-range": "bytes */*" } });
    assert.deepEqual([status.status, status.headers.get("range")], [308, "bytes=0-2"]);
    assert.equal((await request(location, { method: "DELETE" })).status, 499);
    assert.equal((await request(location, { method: "PUT", body: "d", headers: { "content-range": "bytes 3-3/4" } })).status, 404);
    assert.equal((await request(`${api}/b/exports/o/cancelled.bin`)).status, 404);
  });

  test("a media upload stores the body as sent, with its content type", async () => {
    const r = await request(`${emu.url}/upload/storage/v1/b/exports/o?uploadType=media&name=raw.csv`, {
      method: "POST",
      body: "a,b\n1,2\n",
      headers: { "content-type": "text/csv", authorization: "Bearer whatever" },
    });
    assert.equal(r.status, 200);
    assert.equal((r.body as { contentType: string }).contentType, "text/csv");
    const back = await request(`${api}/b/exports/o/raw.csv?alt=media`);
    assert.equal(back.text, "a,b\n1,2\n");
  });
});

test("STORAGE_EMULATOR_HOST points the client (with service account credentials) at the emulator", async () => {
  process.env.STORAGE_EMULATOR_HOST = proxy.url;
  try {
    const credentials = {
      client_email: "export@demo-project.iam.gserviceaccount.com",
      private_key: "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n",
    };
    const viaEnv = new Storage({ projectId: "demo-project", credentials });
    const ex = await wire(async () => {
      await viaEnv.bucket("exports").file("env.json").save("{}", { resumable: false });
      const [back] = await viaEnv.bucket("exports").file("env.json").download();
      assert.equal(back.toString(), "{}");
    });
    assert.deepEqual(
      ex.map((e) => [e.method, e.path.split("?")[0], e.status]),
      [
        ["POST", "/upload/storage/v1/b/exports/o", 200],
        ["GET", "/b/exports/o/env.json", 200],
      ],
    );
  } finally {
    delete process.env.STORAGE_EMULATOR_HOST;
  }
});

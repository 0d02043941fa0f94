// Bad input on the admin ImportData itself (issue 12): each is answered with a clear error and
// leaves the instance unchanged (a full dump of the database before and after). Request-level
// problems (a body that is not JSON, wrong request field types, a huge or deeply nested body, the
// timeout, the bucket source) are the rpc status body; problems inside the document are the
// engine's validation errors with their paths, exactly what the control API's _validate reports.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fails } from "../helpers/assertions.js";
import { request } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { databaseDump } from "../helpers/dump.js";
import { ADMIN_SERVICE } from "../helpers/transports.js";
import { grpcRawCall, grpcWebRawCall, lengthDelimited } from "../helpers/raw-grpc.js";
import { setUpResourceTest } from "../helpers/resource-test.js";

const { emu, pat, transports } = await setUpResourceTest();
const ctl = control(emu);
const dump = databaseDump(emu);
const admin = transports(ADMIN_SERVICE);
const grpc = admin.all.find((t) => t.name === "grpc")!;

const user = (over: Record<string, unknown> = {}) => ({
  userId: "704133391254874632",
  user: {
    userName: "bad-input",
    profile: { firstName: "Road", lastName: "Runner", preferredLanguage: "de" },
    email: { email: "bad@acme.tld" },
    ...over,
  },
});
const org = (over: Record<string, unknown> = {}) => ({ orgId: "704133391254874600", org: { name: "Bad Input" }, humanUsers: [user()], ...over });

/** A raw POST of `body` to the REST route. */
const postRaw = (body: string | Blob) =>
  request(`${emu.url}/admin/v1/import`, { method: "POST", token: pat, body, headers: { "content-type": "application/json" } });
const post = (json: unknown) => postRaw(JSON.stringify(json));

type Status = { code: number; message: string; details: { id: string }[] };
type Errors = { errors: { type: string; id: string; message: string; path: string }[]; success?: unknown };

/** The call answered the rpc status body with `code` / `status` and wrote nothing. */
async function refused(send: () => Promise<{ status: number; body: unknown; text: string }>, status: number, code: number, message: RegExp) {
  const before = dump();
  const res = await send();
  assert.equal(res.status, status, res.text.slice(0, 300));
  const body = res.body as Status;
  assert.equal(body.code, code);
  assert.match(body.message, message);
  assert.equal(body.details.length, 1);
  assert.equal(dump(), before, "nothing written");
}

/** The document's validation errors, as the control API's _validate reports them; nothing written. */
async function invalidDocument(document: unknown, expected: [string, string, RegExp][]) {
  const before = dump();
  const res = await post({ dataOrgsv1: document, timeout: "1m" });
  assert.equal(res.status, 200, res.text.slice(0, 300));
  const body = res.body as Errors;
  assert.deepEqual(
    body.errors.map((e) => [e.path, e.type]),
    expected.map(([p, t]) => [p, t]),
  );
  for (const [i, e] of body.errors.entries()) assert.match(e.message, expected[i]![2]);
  assert.deepEqual(body.success, {}, "nothing imported");
  const validate = await ctl.as("validateDocument", "/orgs/_validate", { method: "POST", json: { document } });
  assert.deepEqual(
    validate.body.errors.map((e) => [e.path, e.type, e.id, e.message]),
    body.errors.map((e) => [e.path, e.type, e.id ?? "", e.message]),
    "the same errors as _validate",
  );
  assert.equal(dump(), before, "nothing written");
}

describe("ImportData over HTTP/JSON refuses a bad request body with the rpc status body, writing nothing", () => {
  it("malformed JSON", async () => {
    await refused(() => postRaw('{"dataOrgsv1": {"orgs": [}'), 400, 3, /request body is not valid JSON/);
  });

  it("a request field of the wrong type (timeout: 5)", async () => {
    await refused(() => post({ dataOrgsv1: { orgs: [org()] }, timeout: 5 }), 400, 3, /invalid request: .*timeout/);
  });

  it("an invalid timeout", async () => {
    await refused(() => post({ dataOrgsv1: { orgs: [org()] }, timeout: "soon" }), 400, 3, /timeout "soon" is not a duration/);
  });

  it("a body nested 10,000 levels deep outside the document is an unknown request field: dropped, as the product's gateway does", async () => {
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const before = dump();
    const res = await postRaw(`{"dataOrgsv1":{"orgs":[]},"timeout":"1m","x":${deep}}`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { success: {} });
    assert.equal(dump(), before);
  });

  // Issue 24: a data_orgsv1 the server cannot take at all is a bad request naming the field, not a 200 with errors.
  it("a data_orgsv1 nested 10,000 levels deep (in its lists or in a free-form part) is 400 InvalidArgument naming data_orgsv1", async () => {
    const deep = (open: string, close: string) => `${open.repeat(10_000)}{}${close.repeat(10_000)}`;
    const texts = [
      `{"orgs":${deep("[", "]")}}`,
      JSON.stringify({ orgs: [org({ loginTexts: ["DEEP"] })] }).replace('"DEEP"', deep('{"a":', "}")),
      `{"orgs":[${deep('{"org":', "}")}]}`,
    ];
    for (const text of texts)
      await refused(
        () => postRaw(`{"dataOrgsv1":${text},"timeout":"1m"}`),
        400,
        3,
        /^data_orgsv1 is nested deeper than 64 levels \(ADMIN-import-document-invalid\)$/,
      );
  });

  it("a data_orgsv1 that is not an object (a number, a list, a string, true; also as a JSON string) is 400 InvalidArgument naming data_orgsv1", async () => {
    for (const [value, kind] of [
      [5, "a number"],
      [[{ orgs: [] }], "a list"],
      [true, "a boolean"],
      ['"orgs"', "a string"],
      ["[]", "a list"],
    ] as const)
      await refused(
        () => post({ dataOrgsv1: value, timeout: "1m" }),
        400,
        3,
        new RegExp(`^data_orgsv1 must be an object \\{ "orgs": \\[\\.\\.\\.\\] \\}, not ${kind} \\(ADMIN-import-document-invalid\\)$`),
      );
  });

  it("100 MB of garbage: refused with a clear error, and the server stays healthy", async () => {
    const garbage = Buffer.alloc(100 * 1024 * 1024, "garbage ");
    await refused(() => postRaw(new Blob([garbage])), 400, 3, /request body is not valid JSON/);
    assert.equal((await post({ dataOrgsv1: { orgs: [] }, timeout: "1m" })).status, 200, "the server still answers");
  });

  it("a service account that is not base64 of a key, and a bucket or object that does not exist", async () => {
    const key = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64");
    const good = key({
      type: "service_account",
      client_email: "a@b.iam",
      private_key: "-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n",
      project_id: "p",
    });
    const gcs = (bucket: string, serviceaccountJson: string) => ({ dataOrgsv1Gcs: { bucket, serviceaccountJson, path: "missing.json" }, timeout: "1m" });
    await refused(() => post(gcs("b", "%%% not base64 %%%")), 400, 3, /data_orgsv1_gcs: /);
    await refused(() => post(gcs("no-such-bucket", good)), 404, 5, /bucket no-such-bucket does not exist/);
    assert.equal((await ctl("/buckets", { method: "POST", json: { name: "bad-input" } })).status, 201);
    await refused(() => post(gcs("bad-input", good)), 404, 5, /object missing\.json does not exist in bucket bad-input/);
  });
});

describe("ImportData reports a bad document with the paths of the control API's validation, writing nothing", () => {
  it('wrong types: orgs: 5, humanUsers: "x"', async () => {
    await invalidDocument({ orgs: 5 }, [[".orgs", "org", /expected a list of organizations/]]);
    await invalidDocument({ orgs: [org({ humanUsers: "x" })] }, [["orgs[0].humanUsers", "human_user", /expected a list/]]);
  });

  it("unknown fields, at any depth, named with their path (a typo is not silently dropped)", async () => {
    await invalidDocument({ orgs: [org({ humanUser: [user()] })] }, [["orgs[0].humanUser", "org", /unknown field/]]);
    await invalidDocument({ orgs: [org({ humanUsers: [user({ emial: { email: "x@y.z" } })] })] }, [
      ["orgs[0].humanUsers[0].user.emial", "human_user", /unknown field/],
    ]);
  });

  it("a document nested 40 levels deep in a free-form part: the free-form part's depth limit, with its path", async () => {
    const text = JSON.stringify({ orgs: [org({ loginTexts: ["DEEP"] })] }).replace('"DEEP"', `${'{"a":'.repeat(40)}{}${"}".repeat(40)}`);
    const before = dump();
    const res = await postRaw(`{"dataOrgsv1":${text},"timeout":"1m"}`);
    assert.equal(res.status, 200, res.text.slice(0, 300));
    assert.deepEqual(
      (res.body as Errors).errors.map((e) => [e.path, e.type, e.message]),
      [["orgs[0].loginTexts[0]", "login_texts", "ID=IMPORT-invalid Message=orgs[0].loginTexts[0]: nested deeper than 32 levels"]],
    );
    assert.equal(dump(), before);
  });

  it("bytes, timestamps and durations protobuf's proto3 JSON does not read (issue 25): each at its path", async () => {
    const key = { appId: "704133391254874610", type: "KEY_TYPE_JSON" };
    const app = { projectId: "704133391254874609", name: "Web", redirectUris: ["http://localhost:3000/cb"] };
    await invalidDocument(
      {
        orgs: [
          org({
            // One character left over: no whole byte.
            appKeys: [{ id: "704133391254874611", ...key, publicKey: "QUJDR" }],
            machineKeys: [
              { keyId: "704133391254874612", userId: "704133391254874632", type: "KEY_TYPE_JSON", publicKey: "", expirationDate: "2031-01-01" },
              { keyId: "704133391254874613", userId: "704133391254874632", type: "KEY_TYPE_JSON", publicKey: "", expirationDate: "+010000-01-01T00:00:00Z" },
            ],
            oidcApps: [{ appId: "704133391254874614", app: { ...app, clockSkew: "315576000001s" } }],
          }),
        ],
      },
      [
        ["orgs[0].appKeys[0].publicKey", "app_key", /expected base64 bytes/],
        ["orgs[0].machineKeys[0].expirationDate", "machine_user_key", /expected an RFC 3339 timestamp/],
        ["orgs[0].machineKeys[1].expirationDate", "machine_user_key", /expected an RFC 3339 timestamp/],
        ["orgs[0].oidcApps[0].app.clockSkew", "oidc_app", /expected a duration like "30s"/],
      ],
    );
  });

  it("an invalid preferredLanguage", async () => {
    const u = user();
    (u.user.profile as Record<string, unknown>).preferredLanguage = "klingon";
    await invalidDocument({ orgs: [org({ humanUsers: [u] })] }, [
      ["orgs[0].humanUsers[0].user.profile.preferredLanguage", "human_user", /not a supported language/],
    ]);
  });

  it("over gRPC too: an invalid preferredLanguage is reported with its path and nothing is written", async () => {
    const u = user();
    (u.user.profile as Record<string, unknown>).preferredLanguage = "klingon";
    const before = dump();
    const res = await grpc.call("ImportData", { dataOrgsv1: { orgs: [org({ humanUsers: [u] })] }, timeout: "1m" }, pat);
    assert.ok(res.ok, JSON.stringify(res));
    const body = res.body as Errors;
    assert.deepEqual(
      body.errors.map((e) => [e.path, e.type, e.id]),
      [["orgs[0].humanUsers[0].user.profile.preferredLanguage", "human_user", "704133391254874632"]],
    );
    assert.equal(dump(), before);
  });

  it("over gRPC: an invalid timeout is InvalidArgument and nothing is written", async () => {
    const before = dump();
    fails(await grpc.call("ImportData", { dataOrgsv1: { orgs: [org()] }, timeout: "soon" }, pat), 3, 400, /not a duration/, "ADMIN-timeout-invalid");
    assert.equal(dump(), before);
  });
});

describe("ImportData over gRPC and gRPC-web refuses a data_orgsv1 nested 10,000 levels deep as InvalidArgument naming it (issue 24)", () => {
  // Written as wire bytes: no encoder (nor the decoder this guards) gets through 10,000 levels.
  const text = (no: number, s: string) => lengthDelimited(no, Buffer.from(s));
  /** A google.protobuf.Struct holding itself `levels` times: {"a": {"a": … {}}}. */
  const deepStruct = (levels: number) => {
    let struct: Buffer = Buffer.alloc(0);
    for (let i = 0; i < levels; i++) struct = lengthDelimited(1, Buffer.concat([text(1, "a"), lengthDelimited(2, lengthDelimited(5, struct))]));
    return struct;
  };
  /** ImportDataRequest { data_orgsv1 = 2 { orgs = 1 { org_id = 1, org = 3 { name = 1 }, login_texts = 24 } }, timeout = 9 }. */
  const request = (levels: number) =>
    Buffer.concat([
      lengthDelimited(
        2,
        lengthDelimited(1, Buffer.concat([text(1, "704133391254874600"), lengthDelimited(3, text(1, "Deep")), lengthDelimited(24, deepStruct(levels))])),
      ),
      text(9, "1m"),
    ]);
  const path = "/svc.admin.v1.AdminService/ImportData";
  // Made before the calls: copying 10,000 levels takes seconds, which must not pass while a kept-alive connection waits.
  const tooDeep = request(10_000);

  for (const [name, send] of [
    ["grpc", (m: Buffer) => grpcRawCall(new URL(emu.url).host, path, m, pat)],
    ["grpc-web", (m: Buffer) => grpcWebRawCall(emu.url, path, m, pat)],
  ] as const) {
    it(name, async () => {
      const before = dump();
      const res = await send(tooDeep);
      assert.equal(res.code, 3, JSON.stringify(res));
      assert.equal(res.message, "invalid ImportDataRequest.data_orgsv1: nested deeper than 100 messages (REQUEST-too-deep)");
      assert.equal(dump(), before, "nothing written");
      // A few levels are a document: imported (and its login texts skipped), as before.
      const shallow = await send(request(3));
      assert.equal(shallow.code, 0, JSON.stringify(shallow));
      assert.notEqual(dump(), before);
      await ctl("/reset", { method: "POST" });
    });
  }
});

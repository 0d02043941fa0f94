// AdminService ImportData on REST, gRPC and gRPC-web (issue 12, wire-facts 7): who may import, the
// document as an object and (HTTP/JSON) as a string holding JSON, the timeout, the best-effort
// header, the sources not wired (data_orgsv1_gcs: test/admin/gcs.test.ts), and the raised body limit of the two admin rpcs.
// The engine itself (validation, atomicity, conflicts) is tested through the control API in
// test/import/; here each way in reaches it and its answer comes back in the product's shape.

import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { createClient, ConnectError } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { AdminService } from "../../emulator/src/gen/svc/admin/v1/admin_pb.js";
import { fails } from "../helpers/assertions.js";
import { request } from "../helpers/emulator.js";
import { memberToken } from "../helpers/members.js";
import { setUpResourceTest } from "../helpers/resource-test.js";

const { emu, pat, transports } = await setUpResourceTest();
const admin = transports({
  service: AdminService,
  protoFile: "svc/admin/v1/admin.proto",
  routes: {
    ExportData: { verb: "POST", path: "/admin/v1/export", body: "*" },
    ImportData: { verb: "POST", path: "/admin/v1/import", body: "*" },
  },
});

/** A document in the product's docs shape (wire-facts 7.3), with the old `algorithm` field. */
const document = {
  orgs: [
    {
      orgId: "204133391254874600",
      org: { name: "Imported" },
      humanUsers: [
        {
          userId: "204133391254874632",
          user: {
            userName: "test9@test9",
            profile: { firstName: "Road", lastName: "Runner", displayName: "Road Runner", preferredLanguage: "de" },
            email: { email: "test@acme.tld", isEmailVerified: true },
            hashedPassword: { value: "$2a$14$abcdefghijklmnopqrstuu7Fv1p2iPRjxy8N6jJ4q3X0Wk3s9aH2S", algorithm: "bcrypt" },
          },
        },
      ],
    },
  ],
};

/** The same without `algorithm`, which typed gRPC clients cannot send (field 2 is reserved). */
const typed = structuredClone(document);
delete (typed.orgs[0]!.humanUsers[0]!.user.hashedPassword as { algorithm?: string }).algorithm;

/** The docs-shaped document with its own org, user id and user name, so each request imports anew. */
let imports = 0;
function fresh(doc: typeof document = typed): { doc: typeof document; orgId: string; userId: string } {
  const n = String(++imports).padStart(2, "0");
  const copy = structuredClone(doc);
  const org = copy.orgs[0]!;
  org.orgId = `2041333912548746${n}`;
  org.org.name = `Imported ${n}`;
  org.humanUsers[0]!.userId = `2041333912548747${n}`;
  org.humanUsers[0]!.user.userName = `road-runner-${n}`;
  return { doc: copy, orgId: org.orgId, userId: org.humanUsers[0]!.userId };
}

/** The ImportDataResponse of a clean import of `orgId` with its one human user (empty lists omitted in proto3 JSON). */
const imported = (orgId: string, userId: string) => ({ success: { orgs: [{ orgId, humanUserIds: [userId] }] } });

let viewerToken = "";
before(async () => {
  viewerToken = (await memberToken(emu.url, pat, "iam-viewer", ["IAM_OWNER_VIEWER"])).token;
});

const post = (json: unknown, headers: Record<string, string> = {}) => request(`${emu.url}/admin/v1/import`, { method: "POST", token: pat, json, headers });

for (const t of admin.all) {
  describe(`ImportData over ${t.name}`, () => {
    it("needs iam.write on the instance: none is 401, IAM_OWNER_VIEWER 403", async () => {
      fails(await t.call("ImportData", { dataOrgsv1: typed, timeout: "1m" }), 16, 401, /./);
      fails(await t.call("ImportData", { dataOrgsv1: typed, timeout: "1m" }, viewerToken), 7, 403, /iam\.write/);
    });

    it("imports data_orgsv1 through the engine and answers {errors, success}; the user is there", async () => {
      const { doc, orgId, userId } = fresh();
      const res = await t.call("ImportData", { dataOrgsv1: doc, timeout: "10m" }, pat);
      assert.ok(res.ok, JSON.stringify(res));
      assert.deepEqual(res.body, imported(orgId, userId));
      const user = await request(`${emu.url}/resources/v3alpha/users/${userId}`, { token: pat });
      assert.equal(user.status, 200, user.text);
      const again = await t.call("ImportData", { dataOrgsv1: doc, timeout: "10m" }, pat);
      assert.ok(again.ok, JSON.stringify(again));
      const errors = (again.body as { errors: { type: string; id: string }[] }).errors;
      assert.deepEqual(errors.map((e) => [e.type, e.id]).slice(0, 1), [["org", orgId]], "the second import conflicts, atomically");
    });

    it("refuses an invalid timeout, a missing document, a bucket source's bad key and sources not wired before importing", async () => {
      fails(await t.call("ImportData", { dataOrgsv1: typed, timeout: "10 minutes" }, pat), 3, 400, /not a duration/, "ADMIN-timeout-invalid");
      fails(await t.call("ImportData", { timeout: "1m" }, pat), 3, 400, /data_orgsv1 is required/, "ADMIN-import-data-missing");
      const gcs = { bucket: "b", serviceaccountJson: "e30=", path: "x.json" };
      fails(await t.call("ImportData", { dataOrgsv1Gcs: gcs, timeout: "10 minutes" }, pat), 3, 400, /not a duration/, "ADMIN-timeout-invalid");
      fails(await t.call("ImportData", { dataOrgsv1Gcs: gcs, timeout: "1m" }, pat), 3, 400, /data_orgsv1_gcs: .*lacks/, "ADMIN-gcs-service-account");
      fails(await t.call("ImportData", { dataOrgs: { orgs: [] }, timeout: "1m" }, pat), 12, 501, /send the document as data_orgsv1/, "ADMIN-import-source");
    });
  });
}

describe("ImportData over HTTP/JSON", () => {
  it("accepts data_orgsv1 as a string holding the document's JSON, and names the field when that JSON is broken", async () => {
    for (const key of ["dataOrgsv1", "data_orgsv1"]) {
      const { doc, orgId, userId } = fresh(document);
      const res = await post({ [key]: JSON.stringify(doc), timeout: "1m" });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body, imported(orgId, userId));
    }
    const broken = await post({ dataOrgsv1: '{"orgs": [', timeout: "1m" });
    assert.equal(broken.status, 400);
    assert.match((broken.body as { message: string }).message, /dataOrgsv1 is a string but not valid JSON/);
  });

  it("reads the import mode from x-svc-import-mode: atomic (default) or best-effort, anything else is 400", async () => {
    // An existing org: atomic imports nothing more; best effort records the conflict and continues into it (wire-facts 7.4).
    const { doc, orgId } = fresh(document);
    assert.equal((await post({ dataOrgsv1: doc, timeout: "1m" })).status, 200);
    const extra = structuredClone(doc);
    extra.orgs[0]!.humanUsers[0]!.userId = "204133391254874799";
    extra.orgs[0]!.humanUsers[0]!.user.userName = "second-runner";
    const atomic = await post({ dataOrgsv1: extra, timeout: "1m" }, { "x-svc-import-mode": "atomic" });
    assert.equal(atomic.status, 200, atomic.text);
    assert.deepEqual((atomic.body as { success?: unknown }).success, {}, "atomic: nothing imported");
    const bestEffort = await post({ dataOrgsv1: extra, timeout: "1m" }, { "x-svc-import-mode": "best-effort" });
    assert.equal(bestEffort.status, 200, bestEffort.text);
    assert.deepEqual((bestEffort.body as { success: unknown }).success, { orgs: [{ orgId, humanUserIds: ["204133391254874799"] }] });
    const bad = await post({ dataOrgsv1: document, timeout: "1m" }, { "x-svc-import-mode": "partial" });
    assert.equal(bad.status, 400);
    assert.match((bad.body as { message: string }).message, /x-svc-import-mode must be "atomic" or "best-effort", not "partial"/);
  });

  it("accepts bodies above the 4 MiB limit of the other routes on the admin routes only", async () => {
    const big = { ...document, orgs: [{ ...document.orgs[0], org: { name: "x".repeat(5 * 1024 * 1024) } }] };
    const res = await post({ dataOrgsv1: big, timeout: "1m" });
    assert.notEqual(res.status, 413, res.text.slice(0, 200));
    assert.equal(res.status, 200, res.text.slice(0, 200));
    const other = await request(`${emu.url}/resources/v3alpha/organizations`, { method: "POST", token: pat, json: { name: "x".repeat(5 * 1024 * 1024) } });
    assert.equal(other.status, 413);
    assert.match((other.body as { message: string }).message, /limit of 4194304 bytes \(4 MiB\)/);
  });
});

describe("ImportData over gRPC-web", () => {
  const client = createClient(AdminService, createGrpcWebTransport({ baseUrl: emu.url }));
  const call = async (headers: Record<string, string>, name = "Imported") => {
    try {
      await client.importData(
        { data: { case: "dataOrgsv1", value: { orgs: [{ orgId: "1", org: { name } }] } }, timeout: "1m" },
        { headers: { authorization: `Bearer ${pat}`, ...headers } },
      );
      return 0;
    } catch (e) {
      return ConnectError.from(e).code;
    }
  };

  it("reads x-svc-import-mode from the request metadata", async () => {
    assert.equal(await call({ "x-svc-import-mode": "best-effort" }), 0);
    assert.equal(await call({ "x-svc-import-mode": "partial" }), 3);
  });

  it("accepts a message above 4 MiB on the admin rpcs", async () => {
    assert.equal(await call({}, "x".repeat(5 * 1024 * 1024)), 0);
  });
});

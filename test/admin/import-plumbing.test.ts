// AdminService ImportData on REST, gRPC and gRPC-web (issue 12, wire-facts 7): who may import, the
// document as an object and (HTTP/JSON) as a string holding JSON, the timeout, the best-effort
// header, the sources not wired yet, and the raised body limit of the two admin rpcs.
// On this branch the import engine is a placeholder that answers Unimplemented
// (IMPORT-unimplemented): a request that gets that answer reached importOrgs. When the engine is
// merged, the assertions marked ENGINE change to its {errors, success} answers.

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

    it("hands data_orgsv1 to the import engine", async () => {
      // ENGINE: the placeholder's answer.
      fails(await t.call("ImportData", { dataOrgsv1: typed, timeout: "10m" }, pat), 12, 501, /import engine/, "IMPORT-unimplemented");
    });

    it("refuses an invalid timeout, a missing document and sources not wired yet before importing", async () => {
      fails(await t.call("ImportData", { dataOrgsv1: typed, timeout: "10 minutes" }, pat), 3, 400, /not a duration/, "ADMIN-timeout-invalid");
      fails(await t.call("ImportData", { timeout: "1m" }, pat), 3, 400, /data_orgsv1 is required/, "ADMIN-import-data-missing");
      const gcs = { bucket: "b", serviceaccountJson: "e30=", path: "x.json" };
      fails(await t.call("ImportData", { dataOrgsv1Gcs: gcs, timeout: "1m" }, pat), 12, 501, /data_orgsv1_gcs/, "ADMIN-gcs-input");
      fails(await t.call("ImportData", { dataOrgs: { orgs: [] }, timeout: "1m" }, pat), 12, 501, /send the document as data_orgsv1/, "ADMIN-import-source");
    });
  });
}

describe("ImportData over HTTP/JSON", () => {
  it("accepts data_orgsv1 as a string holding the document's JSON, and names the field when that JSON is broken", async () => {
    for (const key of ["dataOrgsv1", "data_orgsv1"]) {
      const res = await post({ [key]: JSON.stringify(document), timeout: "1m" });
      // ENGINE: the placeholder's answer, reached with the parsed document.
      assert.equal(res.status, 501, res.text);
    }
    const broken = await post({ dataOrgsv1: '{"orgs": [', timeout: "1m" });
    assert.equal(broken.status, 400);
    assert.match((broken.body as { message: string }).message, /dataOrgsv1 is a string but not valid JSON/);
  });

  it("reads the import mode from x-svc-import-mode: atomic (default) or best-effort, anything else is 400", async () => {
    for (const mode of ["atomic", "best-effort"])
      assert.equal((await post({ dataOrgsv1: document, timeout: "1m" }, { "x-svc-import-mode": mode })).status, 501);
    const bad = await post({ dataOrgsv1: document, timeout: "1m" }, { "x-svc-import-mode": "partial" });
    assert.equal(bad.status, 400);
    assert.match((bad.body as { message: string }).message, /x-svc-import-mode must be "atomic" or "best-effort", not "partial"/);
  });

  it("accepts bodies above the 4 MiB limit of the other routes on the admin routes only", async () => {
    const big = { ...document, orgs: [{ ...document.orgs[0], org: { name: "x".repeat(5 * 1024 * 1024) } }] };
    assert.equal((await post({ dataOrgsv1: big, timeout: "1m" })).status, 501);
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
    assert.equal(await call({ "x-svc-import-mode": "best-effort" }), 12);
    assert.equal(await call({ "x-svc-import-mode": "partial" }), 3);
  });

  it("accepts a message above 4 MiB on the admin rpcs", async () => {
    assert.equal(await call({}, "x".repeat(5 * 1024 * 1024)), 12);
  });
});

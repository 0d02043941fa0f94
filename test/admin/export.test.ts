// AdminService ExportData on REST, gRPC and gRPC-web (issue 12, wire-facts 7): who may export, the
// document of the seeded org and of a second org with a project grant between them, compared with
// what the resource API shows, passwords only when asked, org selection, and the timeout.

import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { AdminService } from "../../emulator/src/gen/svc/admin/v1/admin_pb.js";
import { fails, ok } from "../helpers/assertions.js";
import { request } from "../helpers/emulator.js";
import { memberToken } from "../helpers/members.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";

const { emu, pat, transports, seededId } = await setUpResourceTest();
const admin = transports({
  service: AdminService,
  protoFile: "svc/admin/v1/admin.proto",
  routes: {
    ExportData: { verb: "POST", path: "/admin/v1/export", body: "*" },
    ImportData: { verb: "POST", path: "/admin/v1/import", body: "*" },
  },
});

type Json = Record<string, unknown>;
const api = async (verb: string, path: string, json?: unknown, status = 200): Promise<Json> => {
  const res = await request(`${emu.url}${B}${path}`, { method: verb, token: pat, ...(json === undefined ? {} : { json }) });
  assert.equal(res.status, status, `${verb} ${path}: ${res.text}`);
  return res.body as Json;
};
const idOf = (body: Json) => (body.details as { id: string }).id;

/** The public key of a fresh RSA pair, as JWK text (the resource API's key input) and as the PEM the export carries. */
function publicKey() {
  const { publicKey: key } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = JSON.stringify(key.export({ format: "jwk" }));
  const pem = key.export({ type: "spki", format: "pem" }) as string;
  return { jwk, pemBase64: Buffer.from(pem).toString("base64") };
}

let orgId = "";
let partnerId = "";
let projectId = "";
let grantId = "";
let apiAppId = "";
let workerId = "";
let aliceId = "";
let adminUserId = "";
const machineKey = publicKey();
const appKey = publicKey();
let machineKeyId = "";
let appKeyId = "";
let viewerToken = "";
let noRoleToken = "";
let orgViewerId = "";

before(async () => {
  orgId = idOf((await api("GET", "/organizations/_instance_default")).organization as Json);
  projectId = await seededId("project.added");
  aliceId = await seededId("user.human.added", (p) => p.username === "alice");
  adminUserId = await seededId("user.human.added", (p) => p.username === "admin");
  workerId = await seededId("user.machine.added", (p) => p.username === "demo-worker");
  apiAppId = await seededId("app.added", (p) => p.name === "Demo API");
  partnerId = idOf(await api("POST", "/organizations", { name: "Partner" }, 201));
  grantId = idOf(await api("POST", "/grants/projects", { projectId, grantedOrgId: partnerId, roleKeys: ["viewer"] }, 201));
  machineKeyId = String((await api("POST", `/users/${workerId}/keys`, { publicKey: machineKey.jwk }, 201)).keyId);
  appKeyId = String((await api("POST", `/apps/${apiAppId}/keys`, { publicKey: appKey.jwk }, 201)).keyId);
  await api("POST", `/memberships?ctx.projectId=${projectId}`, { userId: aliceId, roles: ["PROJECT_OWNER"] }, 201);
  await api("POST", `/memberships?ctx.projectGrantId=${grantId}`, { userId: adminUserId, roles: ["PROJECT_GRANT_OWNER"] }, 201);
  viewerToken = (await memberToken(emu.url, pat, "iam-viewer", ["IAM_OWNER_VIEWER"])).token;
  ({ token: noRoleToken, userId: orgViewerId } = await memberToken(emu.url, pat, "org-viewer", ["ORG_OWNER_VIEWER"], { orgId }));
});

const exported = (body: Json) => body.orgs as Json[];
const orgIn = (body: Json, id: string) => exported(body).find((o) => o.orgId === id)!;

for (const t of admin.all) {
  describe(`ExportData over ${t.name}`, () => {
    it("needs iam.read on the instance: none is 401, an org role 403, IAM_OWNER_VIEWER may export", async () => {
      fails(await t.call("ExportData", { responseOutput: true }), 16, 401, /./);
      fails(await t.call("ExportData", { responseOutput: true }, noRoleToken), 7, 403, /iam\.read/);
      assert.equal(exported(ok(await t.call("ExportData", { responseOutput: true }, viewerToken))).length, 2);
    });

    it("exports the seeded org as the resource API shows it, with keys, members and the grant to the partner", async () => {
      const doc = orgIn(ok(await t.call("ExportData", { responseOutput: true }, pat)), orgId);
      const project = (await api("GET", `/projects/${projectId}`)).project as Json;
      assert.deepEqual(doc.org, { name: "Emulator Org" });
      assert.equal(doc.orgState, "ORG_STATE_ACTIVE");
      assert.deepEqual(doc.projects, [{ projectId, project: { name: (project.project as Json).name, projectRoleAssertion: true } }]);
      assert.deepEqual(
        (doc.projectRoles as Json[]).map((r) => r.roleKey),
        ["admin", "editor", "viewer"],
      );
      const alice = ((await api("GET", `/users/${aliceId}`)).user as Json).human as Json;
      const exportedAlice = (doc.humanUsers as Json[]).find((u) => u.userId === aliceId)!;
      assert.deepEqual(exportedAlice.user, {
        userName: alice.username,
        profile: { firstName: (alice.profile as Json).givenName, lastName: (alice.profile as Json).familyName },
        email: { email: (alice.email as Json).email, isEmailVerified: true },
      });
      assert.equal(exportedAlice.state, "USER_STATE_ACTIVE");
      const apiApp = (await api("GET", `/apps/${apiAppId}`)).app as Json;
      assert.deepEqual(
        (doc.apiApps as Json[]).find((a) => a.appId === apiAppId),
        { appId: apiAppId, app: { projectId, name: ((apiApp.apiConfig ?? apiApp.api) as Json | undefined)?.name ?? "Demo API" } },
      );
      // No client id or secret anywhere in the document: the import gives apps new ones.
      assert.doesNotMatch(JSON.stringify(doc), /clientId|clientSecret/);
      assert.deepEqual(doc.projectGrants, [{ grantId, projectGrant: { projectId, grantedOrgId: partnerId, roleKeys: ["viewer"] } }]);
      assert.deepEqual(doc.projectMembers, [{ projectId, userId: aliceId, roles: ["PROJECT_OWNER"] }]);
      assert.deepEqual(doc.projectGrantMembers, [{ projectId, grantId, userId: adminUserId, roles: ["PROJECT_GRANT_OWNER"] }]);
      // Members from the org's own users; the instance member (iam-viewer) is not part of any org's document.
      assert.deepEqual(doc.orgMembers, [
        { userId: adminUserId, roles: ["ORG_OWNER"] },
        { userId: orgViewerId, roles: ["ORG_OWNER_VIEWER"] },
      ]);
      assert.deepEqual(doc.machineKeys, [{ keyId: machineKeyId, userId: workerId, type: "KEY_TYPE_JSON", publicKey: machineKey.pemBase64 }]);
      assert.deepEqual(doc.appKeys, [{ id: appKeyId, projectId, appId: apiAppId, type: "KEY_TYPE_JSON", publicKey: appKey.pemBase64 }]);
      assert.deepEqual(doc.domains, [{ orgId, domainName: "emulator-org.localhost", isVerified: true, isPrimary: true }]);
      const partner = orgIn(ok(await t.call("ExportData", { responseOutput: true }, pat)), partnerId);
      assert.deepEqual(partner.org, { name: "Partner" });
    });

    it("carries the bcrypt hash only with with_passwords", async () => {
      const hashes = async (withPasswords: boolean) =>
        ((orgIn(ok(await t.call("ExportData", { responseOutput: true, withPasswords }, pat)), orgId).humanUsers as Json[]) ?? []).map(
          (u) => (u.user as Json).hashedPassword,
        );
      assert.deepEqual(await hashes(false), [undefined, undefined, undefined]);
      for (const h of await hashes(true)) assert.match((h as { value: string }).value, /^\$2[aby]\$\d\d\$/);
    });

    it("selects orgs with org_ids and excluded_org_ids and leaves out grants to orgs not exported", async () => {
      const only = exported(ok(await t.call("ExportData", { responseOutput: true, orgIds: [orgId] }, pat)));
      assert.deepEqual(
        only.map((o) => o.orgId),
        [orgId],
      );
      assert.equal(only[0]!.projectGrants, undefined);
      assert.equal(only[0]!.projectGrantMembers, undefined);
      const rest = exported(ok(await t.call("ExportData", { responseOutput: true, excludedOrgIds: [orgId] }, pat)));
      assert.deepEqual(
        rest.map((o) => o.orgId),
        [partnerId],
      );
      assert.deepEqual(ok(await t.call("ExportData", { responseOutput: true, orgIds: ["404"] }, pat)), {});
    });

    it("answers an empty response without response_output, as the product does", async () => {
      assert.deepEqual(ok(await t.call("ExportData", {}, pat)), {});
    });

    it("refuses an invalid timeout before anything else and cancels an export that runs past its timeout", async () => {
      fails(await t.call("ExportData", { responseOutput: true, timeout: "ten minutes" }, pat), 3, 400, /not a duration/, "ADMIN-timeout-invalid");
      fails(await t.call("ExportData", { responseOutput: true, timeout: "1ns" }, pat), 4, 504, /ran past its timeout/, "ADMIN-timeout");
      assert.equal(exported(ok(await t.call("ExportData", { responseOutput: true, timeout: "1m30s" }, pat))).length, 2);
    });

    it("answers Unimplemented for s3_output and local_output (gcs_output: test/admin/gcs.test.ts)", async () => {
      fails(await t.call("ExportData", { responseOutput: true, s3Output: { bucket: "b", path: "x.json" } }, pat), 12, 501, /s3_output/, "ADMIN-output");
      fails(await t.call("ExportData", { responseOutput: true, localOutput: { path: "x.json" } }, pat), 12, 501, /local_output/, "ADMIN-output");
    });
  });
}

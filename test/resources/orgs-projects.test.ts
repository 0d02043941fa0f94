// SvcOrganizations and SvcProjects on REST, gRPC and gRPC-web (issue 3: the identity model's
// resource services): CRUD, the instance's default org, roles, and what tokens make of them.

import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { SvcOrganizations } from "../../emulator/src/gen/svc/resources/org/v3alpha/org_service_pb.js";
import { SvcProjects } from "../../emulator/src/gen/svc/resources/project/v3alpha/project_service_pb.js";
import { fails, ok } from "../helpers/assertions.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";

const { pat, transports, reset } = await setUpResourceTest();
const orgs = transports({
  service: SvcOrganizations,
  protoFile: "svc/resources/org/v3alpha/org_service.proto",
  routes: {
    CreateOrganization: { verb: "POST", path: `${B}/organizations`, body: "organization" },
    PatchOrganization: { verb: "PATCH", path: `${B}/organizations/{id}`, body: "organization" },
    DeleteOrganization: { verb: "DELETE", path: `${B}/organizations/{id}` },
    GetOrganization: { verb: "GET", path: `${B}/organizations/{id}` },
    SearchOrganizations: { verb: "POST", path: `${B}/organizations/_search`, body: "filters" },
    SetAsInstanceDefault: { verb: "POST", path: `${B}/organizations/{id}/_set_as_instance_default` },
    GetInstanceDefault: { verb: "GET", path: `${B}/organizations/_instance_default` },
    DeactivateOrganization: { verb: "POST", path: `${B}/organizations/{id}/_deactivate` },
    ReactivateOrganization: { verb: "POST", path: `${B}/organizations/{id}/_reactivate` },
  },
});
const projects = transports({
  service: SvcProjects,
  protoFile: "svc/resources/project/v3alpha/project_service.proto",
  routes: {
    CreateProject: { verb: "POST", path: `${B}/projects`, body: "project" },
    PatchProject: { verb: "PATCH", path: `${B}/projects/{id}`, body: "project" },
    DeleteProject: { verb: "DELETE", path: `${B}/projects/{id}` },
    GetProject: { verb: "GET", path: `${B}/projects/{id}` },
    SearchProjects: { verb: "POST", path: `${B}/projects/_search`, body: "filters" },
    AddProjectRole: { verb: "POST", path: `${B}/projects/{project_id}/roles`, body: "role" },
    RemoveProjectRole: { verb: "DELETE", path: `${B}/projects/{project_id}/roles/{role_key}` },
  },
});

for (let i = 0; i < orgs.all.length; i++) {
  const o = orgs.all[i]!;
  const p = projects.all[i]!;
  describe(`organizations and projects over ${o.name}`, () => {
    const n = (s: string) => `${o.name} ${s}`;
    let seeded = "";
    before(async () => {
      await reset();
      seeded = (ok(await o.call("GetInstanceDefault", {}, pat)).organization as { details: { id: string } }).details.id;
    });

    it("creates, reads, renames and searches organizations", async () => {
      const created = ok(await o.call("CreateOrganization", { organization: { name: n("Acme") } }, pat), 201);
      const id = (created.details as { id: string }).id;
      const got = ok(await o.call("GetOrganization", { id }, pat)).organization as Record<string, unknown>;
      assert.deepEqual(got.organization, { name: n("Acme") });
      assert.equal(got.state, "ORGANIZATION_STATE_ACTIVE");
      assert.equal(got.isInstanceDefault, undefined);
      assert.equal(got.primaryDomain, `${o.name}-acme.localhost`.replace("grpc-web", "grpc-web"));
      ok(await o.call("PatchOrganization", { id, organization: { name: n("Acme Corp") } }, pat));
      const found = ok(
        await o.call("SearchOrganizations", { filters: [{ name: { name: "acme corp", method: "TEXT_FILTER_METHOD_ENDS_WITH_IGNORE_CASE" } }] } as never, pat),
      );
      assert.deepEqual(
        (found.result as { details: { id: string } }[]).map((r) => r.details.id),
        [id],
      );
      fails(await o.call("CreateOrganization", { organization: { name: n("ACME CORP") } }, pat), 6, 409, /already exists/, "ORG-name-taken");
      fails(await o.call("CreateOrganization", { organization: { name: "" } }, pat), 3, 400, /\[string\.min_len\]/);
    });

    it("moves the instance default and refuses to delete the default org", async () => {
      fails(await o.call("DeleteOrganization", { id: seeded }, pat), 9, 400, /default organization cannot be deleted/, "ORG-is-default");
      const other = (ok(await o.call("CreateOrganization", { organization: { name: n("Next") } }, pat)).details as { id: string }).id;
      ok(await o.call("SetAsInstanceDefault", { id: other }, pat));
      assert.equal((ok(await o.call("GetInstanceDefault", {}, pat)).organization as { details: { id: string } }).details.id, other);
      ok(await o.call("SetAsInstanceDefault", { id: seeded }, pat));
      ok(await o.call("DeleteOrganization", { id: other }, pat));
      fails(await o.call("GetOrganization", { id: other }, pat), 5, 404, /Organization not found/);
    });

    it("deactivates and reactivates an org, never the default one", async () => {
      const id = (ok(await o.call("CreateOrganization", { organization: { name: n("Dormant") } }, pat)).details as { id: string }).id;
      const state = async () => (ok(await o.call("GetOrganization", { id }, pat)).organization as { state: string }).state;
      const first = ok(await o.call("DeactivateOrganization", { id }, pat)).details as { sequence: string };
      assert.equal(await state(), "ORGANIZATION_STATE_INACTIVE");
      // Deactivating an inactive org changes nothing (no event, same sequence).
      assert.equal((ok(await o.call("DeactivateOrganization", { id }, pat)).details as { sequence: string }).sequence, first.sequence);
      ok(await o.call("ReactivateOrganization", { id }, pat));
      assert.equal(await state(), "ORGANIZATION_STATE_ACTIVE");
      fails(await o.call("DeactivateOrganization", { id: seeded }, pat), 9, 400, /default organization cannot be deactivated/, "ORG-is-default");
      fails(await o.call("ReactivateOrganization", { id: "404" }, pat), 5, 404, /Organization not found/);
      ok(await o.call("DeleteOrganization", { id }, pat));
    });

    it("creates projects in the default org or a named one, patches, adds and removes roles, deletes", async () => {
      const created = ok(await p.call("CreateProject", { project: { name: n("Shop"), projectRoleAssertion: true } }, pat), 201);
      const id = (created.details as { id: string; resourceOwner: { type: string; id: string } }).id;
      assert.deepEqual((created.details as { resourceOwner: unknown }).resourceOwner, { type: "OWNER_TYPE_ORG", id: seeded });
      ok(await p.call("AddProjectRole", { projectId: id, role: { key: "buyer", displayName: "Buyer" } }, pat), 201);
      fails(await p.call("AddProjectRole", { projectId: id, role: { key: "buyer" } }, pat), 6, 409, /already has a role/);
      ok(await p.call("PatchProject", { id, project: { name: n("Shop 2"), projectRoleCheck: true } }, pat));
      const got = ok(await p.call("GetProject", { id }, pat)).project as Record<string, unknown>;
      assert.deepEqual(got.project, { name: n("Shop 2"), projectRoleAssertion: true, projectRoleCheck: true });
      assert.deepEqual(got.roles, [{ key: "buyer", displayName: "Buyer" }]);
      ok(await p.call("RemoveProjectRole", { projectId: id, roleKey: "buyer" }, pat));
      assert.equal((ok(await p.call("GetProject", { id }, pat)).project as { roles?: unknown[] }).roles, undefined);
      const found = ok(
        await p.call(
          "SearchProjects",
          { filters: [{ organizationId: { id: seeded } }, { name: { name: n("Shop"), method: "TEXT_FILTER_METHOD_STARTS_WITH" } }] } as never,
          pat,
        ),
      );
      assert.deepEqual(
        (found.result as { details: { id: string } }[]).map((r) => r.details.id),
        [id],
      );
      ok(await p.call("DeleteProject", { id }, pat));
      fails(await p.call("GetProject", { id }, pat), 5, 404, /Project not found/, "PROJECT-not-found");
      fails(await p.call("CreateProject", { organization: { orgId: "404" }, project: { name: "x" } }, pat), 5, 404, /Organization 404 not found/);
    });
  });
}

describe("closing", () => {
  it("closes the clients", () => {
    orgs.close();
    projects.close();
  });
});

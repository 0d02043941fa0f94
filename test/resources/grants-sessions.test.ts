// SvcGrants (user grants) and SvcSessions on REST, gRPC and gRPC-web: a grant's roles appear in
// tokens' role claims; sessions are created with a password check, found, and ended.

import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { SvcGrants } from "../../emulator/src/gen/svc/resources/grant/v3alpha/grant_service_pb.js";
import { SvcSessions } from "../../emulator/src/gen/svc/resources/session/v3alpha/session_service_pb.js";
import { fails, ok } from "../helpers/assertions.js";
import { request } from "../helpers/emulator.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";

const { emu, pat, transports, reset, seededId } = await setUpResourceTest();
const grants = transports({
  service: SvcGrants,
  protoFile: "svc/resources/grant/v3alpha/grant_service.proto",
  routes: {
    CreateUserGrant: { verb: "POST", path: `${B}/grants/users`, body: "grant" },
    CreateProjectGrant: { verb: "POST", path: `${B}/grants/projects`, body: "grant" },
    CreateRole: { verb: "POST", path: `${B}/grants/roles`, body: "role" },
    PatchRole: { verb: "PATCH", path: `${B}/grants/roles/{project_id}/{key}`, body: "role" },
    DeleteRole: { verb: "DELETE", path: `${B}/grants/roles/{project_id}/{key}` },
    SearchRoles: { verb: "POST", path: `${B}/grants/roles/_search`, body: "filters" },
    PatchProjectGrant: { verb: "PATCH", path: `${B}/grants/projects/{id}`, body: "grant" },
    DeleteProjectGrant: { verb: "DELETE", path: `${B}/grants/projects/{id}` },
    GetProjectGrant: { verb: "GET", path: `${B}/grants/projects/{id}` },
    SearchProjectGrants: { verb: "POST", path: `${B}/grants/projects/_search`, body: "filters" },
    PatchUserGrant: { verb: "PATCH", path: `${B}/grants/users/{id}`, body: "grant" },
    DeleteUserGrant: { verb: "DELETE", path: `${B}/grants/users/{id}` },
    GetUserGrant: { verb: "GET", path: `${B}/grants/users/{id}` },
    SearchUserGrants: { verb: "POST", path: `${B}/grants/users/_search`, body: "filters" },
  },
});
const sessions = transports({
  service: SvcSessions,
  protoFile: "svc/resources/session/v3alpha/session_service.proto",
  routes: {
    CreateSession: { verb: "POST", path: `${B}/sessions`, body: "checks" },
    GetSession: { verb: "GET", path: `${B}/sessions/{id}` },
    DeleteSession: { verb: "DELETE", path: `${B}/sessions/{id}` },
    SearchSessions: { verb: "POST", path: `${B}/sessions/_search`, body: "filters" },
  },
});

for (let i = 0; i < grants.all.length; i++) {
  const g = grants.all[i]!;
  const s = sessions.all[i]!;
  describe(`grants and sessions over ${g.name}`, () => {
    let admin = "";
    let project = "";
    before(async () => {
      await reset();
      admin = await seededId("user.human.added", (p) => p.username === "admin");
      project = await seededId("project.added", (p) => p.name === "Demo");
    });

    it("grants roles, changes and removes them", async () => {
      const created = ok(await g.call("CreateUserGrant", { grant: { userId: admin, projectId: project, roleKeys: ["viewer", "viewer"] } }, pat), 201);
      const id = (created.details as { id: string }).id;
      assert.deepEqual((ok(await g.call("GetUserGrant", { id }, pat)).grant as { grant: unknown }).grant, {
        userId: admin,
        projectId: project,
        roleKeys: ["viewer"],
      });
      fails(await g.call("CreateUserGrant", { grant: { userId: admin, projectId: project, roleKeys: [] } }, pat), 6, 409, /already has a grant/);
      fails(await g.call("PatchUserGrant", { id, grant: { roleKeys: ["owner"] } }, pat), 3, 400, /no role "owner"/, "GRANT-unknown-role");
      ok(await g.call("PatchUserGrant", { id, grant: { roleKeys: ["admin", "editor"] } }, pat));
      const mine = ok(await g.call("SearchUserGrants", { filters: [{ userId: { id: admin } }] } as never, pat));
      assert.deepEqual(
        ((mine.result ?? []) as { grant: { roleKeys: string[] } }[]).map((r) => r.grant.roleKeys),
        [["admin", "editor"]],
      );
      ok(await g.call("DeleteUserGrant", { id }, pat));
      fails(await g.call("GetUserGrant", { id }, pat), 5, 404, /User grant not found/);
      fails(await g.call("CreateUserGrant", { grant: { userId: "404", projectId: project, roleKeys: [] } }, pat), 5, 404, /User could not be found/);
    });

    it("creates, patches, finds and deletes roles", async () => {
      ok(await g.call("CreateRole", { role: { projectId: project, key: "auditor", displayName: "Auditor" } }, pat), 201);
      fails(await g.call("CreateRole", { role: { projectId: project, key: "auditor" } }, pat), 6, 409, /already has a role/);
      ok(await g.call("PatchRole", { projectId: project, key: "auditor", role: { displayName: "Auditor (read only)", group: "compliance" } }, pat));
      const found = ok(await g.call("SearchRoles", { filters: [{ projectId: { id: project } }], query: { asc: true } } as never, pat));
      assert.deepEqual(
        ((found.result ?? []) as { key: string }[]).map((r) => r.key),
        ["admin", "auditor", "editor", "viewer"],
      );
      assert.deepEqual((found.result as Record<string, unknown>[])[1], {
        projectId: project,
        key: "auditor",
        displayName: "Auditor (read only)",
        group: "compliance",
      });
      ok(await g.call("DeleteRole", { projectId: project, key: "auditor" }, pat));
      fails(await g.call("DeleteRole", { projectId: project, key: "auditor" }, pat), 5, 404, /no role "auditor"/);
    });

    it("grants a project's roles to another org; a role removed from the project leaves the grant", async () => {
      const other = await request(`${emu.url}${B}/organizations`, { method: "POST", token: pat, json: { name: `${g.name} partner` } });
      const partner = (other.body as { details: { id: string } }).details.id;
      const id = (
        ok(await g.call("CreateProjectGrant", { grant: { projectId: project, grantedOrgId: partner, roleKeys: ["viewer", "editor"] } }, pat), 201).details as {
          id: string;
        }
      ).id;
      fails(await g.call("CreateProjectGrant", { grant: { projectId: project, grantedOrgId: partner, roleKeys: [] } }, pat), 6, 409, /already granted/);
      const own = await seededId("org.added");
      fails(await g.call("CreateProjectGrant", { grant: { projectId: project, grantedOrgId: own, roleKeys: [] } }, pat), 9, 400, /org that owns it/);
      fails(await g.call("PatchProjectGrant", { id, grant: { roleKeys: ["owner"] } }, pat), 3, 400, /no role "owner"/);
      await request(`${emu.url}${B}/projects/${project}/roles/editor`, { method: "DELETE", token: pat });
      assert.deepEqual((ok(await g.call("GetProjectGrant", { id }, pat)).grant as { grant: unknown }).grant, {
        projectId: project,
        grantedOrgId: partner,
        roleKeys: ["viewer"],
      });
      const found = ok(await g.call("SearchProjectGrants", { filters: [{ grantedOrgId: { id: partner } }] } as never, pat));
      assert.deepEqual(
        ((found.result ?? []) as { details: { id: string } }[]).map((r) => r.details.id),
        [id],
      );
      ok(await g.call("DeleteProjectGrant", { id }, pat));
      fails(await g.call("GetProjectGrant", { id }, pat), 5, 404, /Project grant not found/);
    });

    it("creates a session with a password check, finds it and ends it", async () => {
      fails(await s.call("CreateSession", { checks: { user: { loginName: "alice" }, password: { password: "wrong" } } }, pat), 3, 400, /Password is invalid/);
      const created = ok(
        await s.call("CreateSession", { checks: { user: { loginName: "alice@emulator-org.localhost" }, password: { password: "Password1!" } } }, pat),
        201,
      );
      const id = (created.details as { id: string }).id;
      const got = ok(await s.call("GetSession", { id }, pat)).session as Record<string, unknown>;
      assert.equal(got.loginName, "alice@emulator-org.localhost");
      assert.deepEqual(got.amr, ["pwd"]);
      const active = ok(await s.call("SearchSessions", { filters: [{ active: { active: true } }] } as never, pat));
      assert.deepEqual(
        ((active.result ?? []) as { details: { id: string } }[]).map((r) => r.details.id),
        [id],
      );
      ok(await s.call("DeleteSession", { id }, pat));
      assert.ok((ok(await s.call("GetSession", { id }, pat)).session as { terminatedAt?: string }).terminatedAt);
      fails(await s.call("GetSession", { id: "404" }, pat), 5, 404, /Session not found/);
    });
  });
}

describe("closing", () => {
  it("closes the clients", () => {
    grants.close();
    sessions.close();
  });
});

// Permissions come from memberships at every level (issue 9 item 6; spec "Authentication" 3, 4,
// "Standard resources" 2), on REST, gRPC and gRPC-web: an org owner manages its org and gets 403
// in another; an org viewer's searches return exactly its org's items and it cannot write; a
// project owner manages that project only; instance and system owners are unchanged.

import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { SvcOrganizations } from "../../emulator/src/gen/svc/resources/org/v3alpha/org_service_pb.js";
import { SvcProjects } from "../../emulator/src/gen/svc/resources/project/v3alpha/project_service_pb.js";
import { SvcUsers } from "../../emulator/src/gen/svc/resources/user/v3alpha/user_service_pb.js";
import { SvcApps } from "../../emulator/src/gen/svc/resources/app/v3alpha/app_service_pb.js";
import { fails, ok } from "../helpers/assertions.js";
import { request } from "../helpers/emulator.js";
import { memberToken } from "../helpers/members.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";

const { emu, pat, transports, reset } = await setUpResourceTest();
const users = transports({
  service: SvcUsers,
  protoFile: "svc/resources/user/v3alpha/user_service.proto",
  routes: {
    CreateHumanUser: { verb: "POST", path: `${B}/users/human`, body: "user" },
    CreateMachineUser: { verb: "POST", path: `${B}/users/machine`, body: "user" },
    PatchMachineUser: { verb: "PATCH", path: `${B}/users/machine/{id}`, body: "user" },
    GetUser: { verb: "GET", path: `${B}/users/{id}` },
    DeleteUser: { verb: "DELETE", path: `${B}/users/{id}` },
    SearchUsers: { verb: "POST", path: `${B}/users/_search`, body: "filters" },
  },
});
const orgs = transports({
  service: SvcOrganizations,
  protoFile: "svc/resources/org/v3alpha/org_service.proto",
  routes: {
    CreateOrganization: { verb: "POST", path: `${B}/organizations`, body: "organization" },
    PatchOrganization: { verb: "PATCH", path: `${B}/organizations/{id}`, body: "organization" },
    GetOrganization: { verb: "GET", path: `${B}/organizations/{id}` },
    SearchOrganizations: { verb: "POST", path: `${B}/organizations/_search`, body: "filters" },
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
  },
});
const apps = transports({
  service: SvcApps,
  protoFile: "svc/resources/app/v3alpha/app_service.proto",
  routes: {
    CreateAPIApp: { verb: "POST", path: `${B}/apps/api`, body: "app" },
    SearchApps: { verb: "POST", path: `${B}/apps/_search`, body: "filters" },
  },
});

const idOf = (body: Record<string, unknown>) => (body.details as { id: string }).id;
const ownersOf = (body: Record<string, unknown>) =>
  ((body.result ?? []) as { details: { id: string; resourceOwner: { id: string } } }[]).map((r) => r.details.resourceOwner.id);
const idsOf = (body: Record<string, unknown>) => ((body.result ?? []) as { details: { id: string } }[]).map((r) => r.details.id);
const post = async (path: string, json: unknown, token = pat) => {
  const res = await request(`${emu.url}${B}${path}`, { method: "POST", token, json });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return (res.body as { details: { id: string } }).details.id;
};

for (let i = 0; i < users.all.length; i++) {
  const [u, o, p, a] = [users.all[i]!, orgs.all[i]!, projects.all[i]!, apps.all[i]!];
  describe(`permissions from memberships over ${u.name}`, () => {
    let orgA = "";
    let orgB = "";
    let userA = "";
    let userB = "";
    let projA = "";
    let projB = "";
    const tokens: Record<string, string> = {};
    const machine = (username: string, orgId?: string) => ({ ...(orgId ? { organization: { orgId } } : {}), user: { username, name: username } });

    before(async () => {
      await reset();
      orgA = await post("/organizations", { name: "Org A" });
      orgB = await post("/organizations", { name: "Org B" });
      userA = await post(`/users/machine?organization.orgId=${orgA}`, { username: "in-a", name: "In A" });
      userB = await post(`/users/machine?organization.orgId=${orgB}`, { username: "in-b", name: "In B" });
      projA = await post(`/projects?organization.orgId=${orgA}`, { name: "Project A" });
      projB = await post(`/projects?organization.orgId=${orgB}`, { name: "Project B" });
      tokens.ownerA = (await memberToken(emu.url, pat, "owner-a", ["ORG_OWNER"], { orgId: orgA }, orgA)).token;
      tokens.viewerA = (await memberToken(emu.url, pat, "viewer-a", ["ORG_OWNER_VIEWER"], { orgId: orgA }, orgA)).token;
      tokens.projectOwnerA = (await memberToken(emu.url, pat, "project-owner-a", ["PROJECT_OWNER"], { projectId: projA }, orgB)).token;
      tokens.iamOwner = (await memberToken(emu.url, pat, "iam-owner", ["IAM_OWNER"])).token;
    });

    it("an ORG_OWNER of A creates, reads, patches and deletes users and projects in A", async () => {
      const t = tokens.ownerA!;
      const id = idOf(ok(await u.call("CreateMachineUser", machine(`${u.name}-made-by-owner`, orgA), t), 201));
      const human = ok(
        await u.call(
          "CreateHumanUser",
          { organization: { orgId: orgA }, user: { username: `${u.name}-human`, profile: { givenName: "H", familyName: "A" }, email: { email: "h@a.test" } } },
          t,
        ),
        201,
      );
      assert.equal((human.details as { resourceOwner: { id: string } }).resourceOwner.id, orgA);
      const read = ok(await u.call("GetUser", { id }, t)).user as { details: { resourceOwner: { id: string } } };
      assert.equal(read.details.resourceOwner.id, orgA);
      ok(await u.call("PatchMachineUser", { id, user: { name: "Renamed" } }, t));
      ok(await u.call("DeleteUser", { id }, t));
      const pid = idOf(ok(await p.call("CreateProject", { organization: { orgId: orgA }, project: { name: `${u.name} by owner` } }, t), 201));
      ok(await p.call("PatchProject", { id: pid, project: { name: `${u.name} by owner, renamed` } }, t));
      ok(await p.call("GetProject", { id: pid }, t));
      ok(await p.call("DeleteProject", { id: pid }, t));
      ok(await o.call("PatchOrganization", { id: orgA, organization: { name: "Org A" } }, t));
    });

    it("an ORG_OWNER of A gets 403 in org B and for what belongs to the instance, 404 for what does not exist", async () => {
      const t = tokens.ownerA!;
      fails(await u.call("CreateMachineUser", machine(`${u.name}-in-b`, orgB), t), 7, 403, /needs user\.write/, "AUTHZ-HKJD33");
      fails(await u.call("CreateMachineUser", machine(`${u.name}-in-default`), t), 7, 403, /needs user\.write/, "AUTHZ-HKJD33");
      fails(await u.call("GetUser", { id: userB }, t), 7, 403, /needs user\.read/);
      fails(await u.call("PatchMachineUser", { id: userB, user: { name: "taken over" } }, t), 7, 403, /needs user\.write/);
      fails(await u.call("DeleteUser", { id: userB }, t), 7, 403, /needs user\.delete/);
      fails(await u.call("GetUser", { id: "404" }, t), 5, 404, /User could not be found/);
      fails(await p.call("CreateProject", { organization: { orgId: orgB }, project: { name: "not mine" } }, t), 7, 403, /needs project\.create/);
      fails(await p.call("GetProject", { id: projB }, t), 7, 403, /needs project\.read/);
      fails(await p.call("DeleteProject", { id: projB }, t), 7, 403, /needs project\.delete/);
      fails(await o.call("PatchOrganization", { id: orgB, organization: { name: "Mine now" } }, t), 7, 403, /needs org\.write/);
      fails(await o.call("CreateOrganization", { organization: { name: "New" } }, t), 7, 403, /needs org\.create/);
      // Nothing of B changed.
      const b = ok(await u.call("GetUser", { id: userB }, pat)).user as { machine: { name: string } };
      assert.equal(b.machine.name, "In B");
      ok(await p.call("GetProject", { id: projB }, pat));
    });

    it("an ORG_OWNER_VIEWER of A searches users, orgs and projects and sees exactly A's items; it cannot write", async () => {
      const t = tokens.viewerA!;
      const seen = ok(await u.call("SearchUsers", { filters: [] } as never, t));
      const usersOfA = ok(await u.call("SearchUsers", { filters: [{ organizationId: { id: orgA } }] } as never, pat));
      assert.deepEqual(idsOf(seen).sort(), idsOf(usersOfA).sort());
      assert.ok(idsOf(seen).includes(userA) && !idsOf(seen).includes(userB));
      assert.deepEqual([...new Set(ownersOf(seen))], [orgA]);
      assert.equal((seen.details as { totalResult: string }).totalResult, String(idsOf(usersOfA).length), "the total counts only readable items");
      assert.deepEqual(idsOf(ok(await o.call("SearchOrganizations", { filters: [] } as never, t))), [orgA]);
      const projectsOfA = idsOf(ok(await p.call("SearchProjects", { filters: [{ organizationId: { id: orgA } }] } as never, pat)));
      assert.deepEqual(idsOf(ok(await p.call("SearchProjects", { filters: [] } as never, t))).sort(), projectsOfA.sort());
      assert.ok(projectsOfA.includes(projA));
      assert.deepEqual(
        idsOf(ok(await p.call("SearchProjects", { filters: [{ organizationId: { id: orgB } }] } as never, t))),
        [],
        "filtering for B finds nothing",
      );
      ok(await u.call("GetUser", { id: userA }, t));
      fails(await u.call("GetUser", { id: userB }, t), 7, 403, /needs user\.read/);
      fails(await u.call("CreateMachineUser", machine(`${u.name}-by-viewer`, orgA), t), 7, 403, /needs user\.write/);
      fails(await p.call("PatchProject", { id: projA, project: { name: "viewer was here" } }, t), 7, 403, /needs project\.write/);
      fails(await o.call("PatchOrganization", { id: orgA, organization: { name: "viewer was here" } }, t), 7, 403, /needs org\.write/);
    });

    it("a PROJECT_OWNER of a project manages its roles and apps only", async () => {
      const t = tokens.projectOwnerA!;
      ok(await p.call("AddProjectRole", { projectId: projA, role: { key: `${u.name}-role`, displayName: "Role" } }, t));
      fails(
        await p.call("AddProjectRole", { projectId: projB, role: { key: `${u.name}-role`, displayName: "Role" } }, t),
        7,
        403,
        /needs project\.role\.write/,
      );
      const app = idOf(
        ok(await a.call("CreateAPIApp", { app: { projectId: projA, name: `${u.name} api`, authMethodType: "API_AUTH_METHOD_TYPE_BASIC" } }, t), 201),
      );
      fails(
        await a.call("CreateAPIApp", { app: { projectId: projB, name: "not mine", authMethodType: "API_AUTH_METHOD_TYPE_BASIC" } }, t),
        7,
        403,
        /needs project\.app\.write/,
      );
      assert.ok(idsOf(ok(await a.call("SearchApps", { filters: [] } as never, t))).includes(app));
      assert.deepEqual(
        [
          ...new Set(
            ((ok(await a.call("SearchApps", { filters: [] } as never, t)).result ?? []) as { api?: { projectId: string }; oidc?: { projectId: string } }[]).map(
              (r) => (r.api ?? r.oidc)!.projectId,
            ),
          ),
        ],
        [projA],
      );
      assert.deepEqual(idsOf(ok(await p.call("SearchProjects", { filters: [] } as never, t))), [projA]);
      ok(await p.call("PatchProject", { id: projA, project: { name: "Project A" } }, t));
      fails(await p.call("GetProject", { id: projB }, t), 7, 403, /needs project\.read/);
      fails(await p.call("CreateProject", { organization: { orgId: orgA }, project: { name: "new" } }, t), 7, 403, /needs project\.create/);
      fails(await u.call("SearchUsers", { filters: [] } as never, t), 7, 403, /needs user\.read/);
    });

    it("an instance owner and the system owner still act on every org", async () => {
      for (const t of [tokens.iamOwner!, pat]) {
        const id = idOf(ok(await u.call("CreateMachineUser", machine(`${u.name}-${t === pat ? "sys" : "iam"}`, orgB), t), 201));
        ok(await u.call("DeleteUser", { id }, t));
        const all = ok(await u.call("SearchUsers", { filters: [] } as never, t));
        assert.ok(idsOf(all).includes(userA) && idsOf(all).includes(userB));
        assert.deepEqual(
          idsOf(ok(await o.call("SearchOrganizations", { filters: [{ inIds: { ids: [orgA, orgB] } }] } as never, t))).sort(),
          [orgA, orgB].sort(),
        );
        ok(await p.call("GetProject", { id: projB }, t));
      }
    });
  });
}

describe("closing", () => {
  it("closes the clients", () => {
    users.close();
    orgs.close();
    projects.close();
    apps.close();
  });
});

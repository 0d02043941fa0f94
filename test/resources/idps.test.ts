// SvcIdentityProviders on REST, gRPC and gRPC-web (spec "Reusable resources"; issue 4): created at
// system, instance or org level; available below even when inactive; inherit by default, activate,
// deactivate, back to inherit; read-only configuration in child contexts; parent and state for the
// asking context; the search scope and filters.

import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { SvcIdentityProviders } from "../../emulator/src/gen/svc/resources/idp/v3alpha/idp_service_pb.js";
import { fails, ok } from "../helpers/assertions.js";
import { request } from "../helpers/emulator.js";
import { memberToken } from "../helpers/members.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";

const { emu, pat, transports, reset, firstInstanceId, seededId } = await setUpResourceTest();
const idps = transports({
  service: SvcIdentityProviders,
  protoFile: "svc/resources/idp/v3alpha/idp_service.proto",
  routes: {
    CreateGitLabIDP: { verb: "POST", path: `${B}/idps/gitlab`, body: "idp" },
    PatchGitLabIDP: { verb: "PATCH", path: `${B}/idps/gitlab/{id}`, body: "idp" },
    GetGitLabIDP: { verb: "GET", path: `${B}/idps/gitlab/{id}` },
    DeleteIDP: { verb: "DELETE", path: `${B}/idps/{id}` },
    SearchIDPs: { verb: "POST", path: `${B}/idps/_search`, body: "filters" },
  },
});
const ACTIVE = "EFFECTIVE_STATE_ACTIVE";
const INACTIVE = "EFFECTIVE_STATE_INACTIVE";

for (const t of idps.all) {
  describe(`identity providers over ${t.name}`, () => {
    let instanceId = "";
    let org = "";
    let otherOrg = "";
    let instIdp = "";
    const get = async (id: string, ctx?: Record<string, string | boolean>) =>
      ok(await t.call("GetGitLabIDP", ctx ? { id, ctx } : { id }, pat)).idp as Record<string, unknown>;
    const patch = (id: string, idp: Record<string, unknown>, ctx?: Record<string, string | boolean>) =>
      t.call("PatchGitLabIDP", { id, idp, ...(ctx ? { ctx } : {}) } as never, pat);
    const policy = (id: string, statePolicy: string, ctx?: Record<string, string | boolean>) => patch(id, { idp: { statePolicy } }, ctx);
    const create = async (name: string, ctx?: Record<string, string | boolean>, statePolicy = "STATE_POLICY_ACTIVATE") =>
      (
        ok(
          await t.call(
            "CreateGitLabIDP",
            {
              ...(ctx ? { ctx } : {}),
              idp: {
                idp: { name, statePolicy, options: { isLinkingAllowed: true, autoLinking: "AUTO_LINKING_OPTION_EMAIL" } },
                config: { clientId: "gl-client", scopes: ["openid", "email"] },
              },
            } as never,
            pat,
          ),
          201,
        ).details as { id: string }
      ).id;

    const orgOwner = async (orgId: string) => (await memberToken(emu.url, pat, `owner-${t.name}`, ["ORG_OWNER"], { orgId })).token;

    before(async () => {
      await reset();
      instanceId = await firstInstanceId();
      org = await seededId("org.added");
      const other = await request(`${emu.url}${B}/organizations`, { method: "POST", token: pat, json: { name: "Other" } });
      otherOrg = (other.body as { details: { id: string } }).details.id;
      instIdp = await create("GitLab instance");
    });

    it("reads an instance IDP in the instance without parent, and in an org with the instance as parent", async () => {
      const inInstance = await get(instIdp);
      assert.equal(inInstance.parent, undefined);
      assert.equal(inInstance.state, ACTIVE);
      assert.equal(inInstance.type, "PROVIDER_TYPE_GITLAB");
      assert.deepEqual(inInstance.idp, {
        idp: { name: "GitLab instance", statePolicy: "STATE_POLICY_ACTIVATE", options: { isLinkingAllowed: true, autoLinking: "AUTO_LINKING_OPTION_EMAIL" } },
        config: { clientId: "gl-client", scopes: ["openid", "email"] },
      });
      assert.deepEqual((inInstance.details as { resourceOwner: unknown }).resourceOwner, { type: "OWNER_TYPE_INSTANCE", id: instanceId });
      const inOrg = await get(instIdp, { orgId: org });
      assert.deepEqual(inOrg.parent, { parent: { type: "OWNER_TYPE_INSTANCE", id: instanceId }, state: ACTIVE });
      assert.equal(inOrg.state, ACTIVE);
      assert.equal((inOrg.idp as { idp: { statePolicy: string } }).idp.statePolicy, "STATE_POLICY_INHERIT");
    });

    it("deactivates, activates and inherits again in a child context", async () => {
      ok(await policy(instIdp, "STATE_POLICY_DEACTIVATE", { orgId: org }));
      assert.equal((await get(instIdp, { orgId: org })).state, INACTIVE);
      assert.equal((await get(instIdp)).state, ACTIVE, "the instance keeps its own state");
      assert.equal((await get(instIdp, { orgId: otherOrg })).state, ACTIVE, "other orgs still inherit");
      ok(await policy(instIdp, "STATE_POLICY_ACTIVATE", { orgId: org }));
      assert.equal((await get(instIdp, { orgId: org })).state, ACTIVE);
      ok(await policy(instIdp, "STATE_POLICY_INHERIT", { orgId: org }));
      assert.equal(((await get(instIdp, { orgId: org })).idp as { idp: { statePolicy: string } }).idp.statePolicy, "STATE_POLICY_INHERIT");
    });

    it("stays available in children when the owner deactivates it; their policies decide", async () => {
      ok(await policy(instIdp, "STATE_POLICY_DEACTIVATE"));
      ok(await policy(instIdp, "STATE_POLICY_ACTIVATE", { orgId: otherOrg }));
      const inherited = await get(instIdp, { orgId: org });
      assert.deepEqual([inherited.state, inherited.parent], [INACTIVE, { parent: { type: "OWNER_TYPE_INSTANCE", id: instanceId }, state: INACTIVE }]);
      assert.equal((await get(instIdp, { orgId: otherOrg })).state, ACTIVE);
      ok(await policy(instIdp, "STATE_POLICY_ACTIVATE"));
    });

    it("keeps the configuration read-only in child contexts", async () => {
      fails(await patch(instIdp, { idp: { name: "renamed" } }, { orgId: org }), 9, 400, /read-only in the org context/, "IDP-read-only");
      fails(await patch(instIdp, { config: { clientId: "x" } }, { orgId: org }), 9, 400, /read-only/);
      ok(await patch(instIdp, { idp: { name: "GitLab" }, config: { clientId: "gl-2" } }));
      assert.deepEqual(((await get(instIdp)).idp as { config: unknown }).config, { clientId: "gl-2", scopes: ["openid", "email"] });
      fails(await t.call("DeleteIDP", { id: "404" }, pat), 5, 404, /Identity provider not found/);
    });

    it("reads and patches an IDP by id without a context, in its owner's context (spec Reusable 2)", async () => {
      const orgIdp = await create("GitLab org owned", { orgId: org });
      const owner = { type: "OWNER_TYPE_ORG", id: org };
      const read = await get(orgIdp);
      assert.deepEqual([(read.details as { resourceOwner: unknown }).resourceOwner, read.parent, read.state], [owner, undefined, ACTIVE]);
      assert.equal((read.idp as { idp: { statePolicy: string } }).idp.statePolicy, "STATE_POLICY_ACTIVATE");
      const patched = ok(await patch(orgIdp, { idp: { name: "GitLab org renamed", statePolicy: "STATE_POLICY_DEACTIVATE" }, config: { clientId: "gl-org" } }));
      assert.deepEqual((patched.details as { resourceOwner: unknown }).resourceOwner, owner);
      const after = await get(orgIdp);
      assert.deepEqual(
        [(after.idp as { idp: { name: string } }).idp.name, (after.idp as { config: { clientId: string } }).config.clientId, after.state],
        ["GitLab org renamed", "gl-org", INACTIVE],
      );
      // With a context, the asking context stays the one named.
      assert.deepEqual((await get(instIdp, { orgId: org })).parent, { parent: { type: "OWNER_TYPE_INSTANCE", id: instanceId }, state: ACTIVE });
      // Who has no rights in the owner's context is still refused; what is not there is NotFound.
      const stranger = await orgOwner(otherOrg);
      fails(await t.call("GetGitLabIDP", { id: orgIdp }, stranger), 7, 403, /No permission to read identity providers of the org context/, "AUTHZ-context");
      fails(
        await t.call("PatchGitLabIDP", { id: orgIdp, idp: { idp: { name: "taken over" } } } as never, stranger),
        7,
        403,
        /No permission to change identity providers of the org context/,
        "AUTHZ-context",
      );
      fails(await t.call("GetGitLabIDP", { id: "404" }, pat), 5, 404, /Identity provider not found/);
      fails(await t.call("PatchGitLabIDP", { id: "404", idp: { idp: { name: "x" } } } as never, pat), 5, 404, /Identity provider not found/);
      assert.equal((await get(orgIdp)).state, INACTIVE, "the refused patch changed nothing");
      ok(await t.call("DeleteIDP", { id: orgIdp }, pat));
    });

    it("inherits system IDPs into instance and orgs, and searches the context, its parents and its children", async () => {
      const sys = await create("GitLab system", { system: true });
      const orgIdp = await create("GitLab org", { orgId: org }, "STATE_POLICY_DEACTIVATE");
      assert.deepEqual((await get(sys, { instanceId })).parent, { parent: { type: "OWNER_TYPE_SYSTEM", id: "SYSTEM" }, state: ACTIVE });
      assert.deepEqual((await get(sys, { orgId: org })).parent, { parent: { type: "OWNER_TYPE_INSTANCE", id: instanceId }, state: ACTIVE });
      const ids = async (
        ctx: Record<string, string | boolean> | undefined,
        filters: unknown[] = [],
        query: Record<string, unknown> = {},
        sortingColumn?: string,
      ) => {
        const body = ok(await t.call("SearchIDPs", { ...(ctx ? { ctx } : {}), filters, query, ...(sortingColumn ? { sortingColumn } : {}) } as never, pat));
        return ((body.result ?? []) as { details: { id: string } }[]).map((r) => r.details.id);
      };
      assert.deepEqual((await ids(undefined)).sort(), [instIdp, sys, orgIdp].sort(), "instance: own, inherited and the orgs'");
      assert.deepEqual((await ids({ orgId: org })).sort(), [instIdp, sys, orgIdp].sort());
      assert.deepEqual((await ids({ orgId: otherOrg })).sort(), [instIdp, sys].sort(), "another org does not see its sibling's IDP");
      assert.deepEqual(await ids(undefined, [{ name: { name: "gitlab s", method: "TEXT_FILTER_METHOD_STARTS_WITH_IGNORE_CASE" } }]), [sys]);
      assert.deepEqual(await ids(undefined, [{ state: { state: INACTIVE } }]), [orgIdp]);
      assert.deepEqual(await ids(undefined, [], { asc: true }, "IDP_FIELD_NAME_NAME"), [instIdp, orgIdp, sys]);
      assert.deepEqual(await ids(undefined, [], { limit: 1, offset: 1, asc: true }, "IDP_FIELD_NAME_NAME"), [orgIdp]);
      fails(await t.call("SearchIDPs", { query: { limit: 1001 } } as never, pat), 3, 400, /Limit exceeded/);
      ok(await t.call("DeleteIDP", { id: orgIdp }, pat));
      fails(await t.call("GetGitLabIDP", { id: orgIdp, ctx: { orgId: org } }, pat), 5, 404, /not found/);
    });

    it("reads a system IDP without a context as the Host's instance sees it; Patch and Delete still act on the system (issue 24)", async () => {
      const sys = await create("GitLab system, read by id");
      ok(await t.call("DeleteIDP", { id: sys }, pat)); // made in the instance by mistake: one in the system instead
      const id = await create("GitLab system, read by id", { system: true });
      const system = { type: "OWNER_TYPE_SYSTEM", id: "SYSTEM" };
      const policyOf = (v: Record<string, unknown>) => (v.idp as { idp: { statePolicy: string } }).idp.statePolicy;
      const seen = async () => {
        const byHost = await get(id);
        assert.deepEqual(byHost, await get(id, { instanceId }), "without ctx as with ctx.instance_id of the Host's instance");
        return byHost;
      };
      const plain = await seen();
      assert.deepEqual((plain.details as { resourceOwner: unknown }).resourceOwner, system);
      assert.deepEqual([plain.parent, plain.state, policyOf(plain)], [{ parent: system, state: ACTIVE }, ACTIVE, "STATE_POLICY_INHERIT"]);

      // Patch without ctx changes the owner's (the system's) own state; the instance inherits it.
      const patched = ok(await policy(id, "STATE_POLICY_DEACTIVATE"));
      assert.deepEqual((patched.details as { resourceOwner: unknown }).resourceOwner, system);
      const inherited = await seen();
      assert.deepEqual([inherited.parent, inherited.state, policyOf(inherited)], [{ parent: system, state: INACTIVE }, INACTIVE, "STATE_POLICY_INHERIT"]);
      assert.equal(policyOf(await get(id, { system: true })), "STATE_POLICY_DEACTIVATE", "the system's own view");

      // The instance's own policy is what the read without ctx reports.
      ok(await policy(id, "STATE_POLICY_ACTIVATE", { instanceId }));
      const activated = await seen();
      assert.deepEqual([activated.parent, activated.state, policyOf(activated)], [{ parent: system, state: INACTIVE }, ACTIVE, "STATE_POLICY_ACTIVATE"]);

      // Who may not read the instance's IDPs is refused as with ctx.instance_id: an org owner of the default org.
      const owner = (await memberToken(emu.url, pat, `org-owner-${t.name}`, ["ORG_OWNER"], { orgId: org })).token;
      fails(await t.call("GetGitLabIDP", { id }, owner), 7, 403, /No permission to read identity providers of the instance context/, "AUTHZ-context");
      fails(await t.call("GetGitLabIDP", { id, ctx: { instanceId } }, owner), 7, 403, /of the instance context/, "AUTHZ-context");

      // Delete without ctx removes it from the system, its owner.
      const deleted = ok(await t.call("DeleteIDP", { id }, pat));
      assert.deepEqual((deleted.details as { resourceOwner: unknown }).resourceOwner, system);
      fails(await t.call("GetGitLabIDP", { id }, pat), 5, 404, /Identity provider not found/);
    });
  });
}

describe("closing", () => {
  it("closes the clients", () => idps.close());
});

// GetGitLabIDP of a system IDP without `ctx` (issue 24, item 6) on REST, gRPC and gRPC-web: each
// instance reads it as it sees it, found by its host (spec: "When no context is given, the context is
// the instance discovered from the Host header"), here named by `x-svc-instance-host`: two instances,
// two policies, two answers from one id.

import { describe, it, before, after } from "node:test";
import assert from "node:assert/strict";
import { SvcIdentityProviders } from "../../emulator/src/gen/svc/resources/idp/v3alpha/idp_service_pb.js";
import { ok } from "../helpers/assertions.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { withAcme } from "../helpers/fixtures.js";
import { B } from "../helpers/resource-test.js";
import { transportsFor } from "../helpers/transports.js";

const fixtures = withAcme();
fixtures.instances[1]!.features = { multitenancy_resources_api: true };
const emu = await startTestEmulator({ fixtures });
const pat = emu.adminPat; // a system owner's: valid in every instance
const options = {
  service: SvcIdentityProviders,
  protoFile: "svc/resources/idp/v3alpha/idp_service.proto",
  routes: {
    CreateGitLabIDP: { verb: "POST", path: `${B}/idps/gitlab`, body: "idp" },
    PatchGitLabIDP: { verb: "PATCH", path: `${B}/idps/gitlab/{id}`, body: "idp" },
    GetGitLabIDP: { verb: "GET", path: `${B}/idps/gitlab/{id}` },
  },
} as const;
const local = transportsFor(emu.url, options);
const acme = transportsFor(emu.url, { ...options, headers: { "x-svc-instance-host": "acme.localhost" } });
const instances = (await control(emu).as("instances", "/instances")).body.instances;
const acmeId = instances.find((i) => i.name === "Acme")!.id;
const localId = instances.find((i) => i.name !== "Acme")!.id;
const SYSTEM = { type: "OWNER_TYPE_SYSTEM", id: "SYSTEM" };

after(() => {
  local.close();
  acme.close();
});

for (const [i, t] of local.all.entries()) {
  const inAcme = acme.all[i]!;
  describe(`a system IDP read by id over ${t.name}`, () => {
    let id = "";
    before(async () => {
      const created = ok(
        await t.call(
          "CreateGitLabIDP",
          { ctx: { system: true }, idp: { idp: { name: `GitLab ${t.name}`, statePolicy: "STATE_POLICY_ACTIVATE" }, config: { clientId: "gl" } } },
          pat,
        ),
        201,
      );
      id = (created.details as { id: string }).id;
      // Acme turns it off for itself; the default instance leaves its policy unset.
      ok(await inAcme.call("PatchGitLabIDP", { id, ctx: { instanceId: acmeId }, idp: { idp: { statePolicy: "STATE_POLICY_DEACTIVATE" } } }, pat));
    });

    const read = async (via: typeof t, ctx?: Record<string, string | boolean>) => {
      const idp = ok(await via.call("GetGitLabIDP", ctx ? { id, ctx } : { id }, pat)).idp as Record<string, unknown>;
      return { parent: idp.parent, state: idp.state, policy: (idp.idp as { idp: { statePolicy: string } }).idp.statePolicy };
    };

    it("answers as the instance of the host sees it, as ctx.instance_id of that instance does", async () => {
      const acmeView = { parent: { parent: SYSTEM, state: "EFFECTIVE_STATE_ACTIVE" }, state: "EFFECTIVE_STATE_INACTIVE", policy: "STATE_POLICY_DEACTIVATE" };
      const localView = { parent: { parent: SYSTEM, state: "EFFECTIVE_STATE_ACTIVE" }, state: "EFFECTIVE_STATE_ACTIVE", policy: "STATE_POLICY_INHERIT" };
      assert.deepEqual(await read(inAcme), acmeView);
      assert.deepEqual(await read(inAcme, { instanceId: acmeId }), acmeView);
      assert.deepEqual(await read(t), localView);
      assert.deepEqual(await read(t, { instanceId: localId }), localView);
      // The system's own view, asked for by name, is unchanged: no parent, its own policy.
      assert.deepEqual(await read(t, { system: true }), { parent: undefined, state: "EFFECTIVE_STATE_ACTIVE", policy: "STATE_POLICY_ACTIVATE" });
    });
  });
}

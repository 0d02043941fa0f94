// SvcMemberships on REST, gRPC and gRPC-web: the roles each context offers, memberships that
// decide what a caller may do (tested through the resource API), unique per context and user.

import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { SvcMemberships } from "../../emulator/src/gen/svc/resources/membership/v3alpha/membership_service_pb.js";
import { fails, ok } from "../helpers/assertions.js";
import { request } from "../helpers/emulator.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";

const { emu, pat, transports, reset, firstInstanceId, seededId } = await setUpResourceTest();
const members = transports({
  service: SvcMemberships,
  protoFile: "svc/resources/membership/v3alpha/membership_service.proto",
  routes: {
    CreateMembership: { verb: "POST", path: `${B}/memberships`, body: "membership" },
    PatchMembership: { verb: "PATCH", path: `${B}/memberships/{id}`, body: "membership" },
    DeleteMembership: { verb: "DELETE", path: `${B}/memberships/{id}` },
    GetMembership: { verb: "GET", path: `${B}/memberships/{id}` },
    SearchMemberships: { verb: "POST", path: `${B}/memberships/_search`, body: "filters" },
    ListAvailableRoles: { verb: "GET", path: `${B}/memberships/roles` },
  },
});

for (const t of members.all) {
  describe(`memberships over ${t.name}`, () => {
    let bot = "";
    let token = "";
    let instanceId = "";
    const search = (tk: string) => request(`${emu.url}${B}/targets/_search`, { method: "POST", token: tk, json: [] });
    const create = (tk: string, name: string) =>
      request(`${emu.url}${B}/targets`, { method: "POST", token: tk, json: { name, restWebhook: { url: "http://localhost:1/h" }, timeout: "1s" } });

    before(async () => {
      await reset();
      instanceId = await firstInstanceId();
      const u = await request(`${emu.url}${B}/users/machine`, { method: "POST", token: pat, json: { username: "bot", name: "Bot" } });
      bot = (u.body as { details: { id: string } }).details.id;
      token = ((await request(`${emu.url}${B}/users/${bot}/personal_access_tokens`, { method: "POST", token: pat, json: {} })).body as { token: string }).token;
    });

    it("lists the roles of each context type", async () => {
      const keys = async (ctx?: Record<string, string | boolean>) =>
        ((ok(await t.call("ListAvailableRoles", ctx ? { ctx } : {}, pat)).roles ?? []) as { key: string }[]).map((r) => r.key);
      assert.deepEqual(await keys(), ["IAM_OWNER", "IAM_OWNER_VIEWER", "IAM_ACTIONS_MANAGER"]);
      assert.deepEqual(await keys({ system: true }), ["SYSTEM_OWNER"]);
      const org = await seededId("org.added");
      assert.deepEqual(await keys({ orgId: org }), ["ORG_OWNER", "ORG_OWNER_VIEWER"]);
    });

    it("grants, changes and takes away what a caller may do", async () => {
      assert.equal((await search(token)).status, 403);
      const created = ok(await t.call("CreateMembership", { membership: { userId: bot, roles: ["IAM_OWNER_VIEWER"] } }, pat), 201);
      const id = (created.details as { id: string }).id;
      assert.equal(id, `instance.${instanceId}.${bot}`);
      assert.equal((await search(token)).status, 200);
      assert.equal((await create(token, `${t.name}-a`)).status, 403);
      ok(await t.call("PatchMembership", { id, membership: { roles: ["IAM_ACTIONS_MANAGER"] } }, pat));
      assert.equal((await create(token, `${t.name}-b`)).status, 201);
      const got = ok(await t.call("GetMembership", { id }, pat)).membership as Record<string, unknown>;
      assert.deepEqual(
        [got.context, got.membership],
        [
          { type: "OWNER_TYPE_INSTANCE", id: instanceId },
          { userId: bot, roles: ["IAM_ACTIONS_MANAGER"] },
        ],
      );
      const found = ok(await t.call("SearchMemberships", { filters: [{ userId: { id: bot } }] } as never, pat));
      assert.deepEqual(
        ((found.result ?? []) as { details: { id: string } }[]).map((r) => r.details.id),
        [id],
      );
      fails(await t.call("CreateMembership", { membership: { userId: bot, roles: ["IAM_OWNER"] } }, pat), 6, 409, /already a member/, "MEMBER-exists");
      fails(
        await t.call("CreateMembership", { ctx: { system: true }, membership: { userId: bot, roles: ["IAM_OWNER"] } }, pat),
        3,
        400,
        /not available in the system context/,
        "MEMBER-role-unknown",
      );
      fails(await t.call("CreateMembership", { membership: { userId: "404", roles: ["IAM_OWNER"] } }, pat), 5, 404, /User could not be found/);
      fails(await t.call("CreateMembership", { membership: { userId: bot, roles: [] } }, pat), 3, 400, /\[repeated\.min_items\]/);
      fails(await t.call("CreateMembership", { membership: { userId: bot, roles: ["IAM_OWNER"] } }, token), 7, 403, /needs member\.write/);
      ok(await t.call("DeleteMembership", { id }, pat));
      assert.equal((await search(token)).status, 403);
      fails(await t.call("GetMembership", { id }, pat), 5, 404, /Membership not found/);
    });
  });
}

describe("closing", () => {
  it("closes the clients", () => members.close());
});

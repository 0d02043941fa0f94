// SvcInstances on REST, gRPC and gRPC-web: system owners create, find, limit and delete instances;
// a blocked instance refuses the API (429, code 8) and sign-in; instance owners see only their own.

import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { SvcInstances } from "../../emulator/src/gen/svc/resources/instance/v3alpha/instance_service_pb.js";
import { fails, ok } from "../helpers/assertions.js";
import { requestWithHost } from "../helpers/emulator.js";
import { defaultFixtures } from "../helpers/fixtures.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";

const OWNER = "owner-only-token-0123456789";
const fixtures = defaultFixtures();
fixtures.instances[0]!.orgs[0]!.users!.push({ type: "machine", username: "owner", name: "Owner", personalAccessTokens: [{ token: OWNER }] });
fixtures.instances[0]!.members!.push({ user: "owner", roles: ["IAM_OWNER"] });
const { emu, ctl, pat, transports, reset, firstInstanceId } = await setUpResourceTest({ fixtures });
const instances = transports({
  service: SvcInstances,
  protoFile: "svc/resources/instance/v3alpha/instance_service.proto",
  routes: {
    CreateInstance: { verb: "POST", path: `${B}/instances`, body: "instance" },
    PatchInstance: { verb: "PATCH", path: `${B}/instances/{id}`, body: "instance" },
    DeleteInstance: { verb: "DELETE", path: `${B}/instances/{id}` },
    GetInstance: { verb: "GET", path: `${B}/instances/{id}` },
    SearchInstances: { verb: "POST", path: `${B}/instances/_search`, body: "filters" },
    Limit: { verb: "POST", path: `${B}/instances/{id}/_limit`, body: "limits" },
    BulkLimit: { verb: "POST", path: `${B}/instances/_bulk_limit`, body: "limits" },
  },
});

for (const t of instances.all) {
  describe(`instances over ${t.name}`, () => {
    let home = "";
    const domain = `${t.name}.localhost`;
    before(async () => {
      await reset();
      home = await firstInstanceId();
    });

    it("lets a system owner create an instance reached by its domain, find, rename and delete it", async () => {
      const created = ok(await t.call("CreateInstance", { instance: { name: "Second", domains: [domain], defaultOrgName: "Second Org" } }, pat), 201);
      const id = (created.details as { id: string }).id;
      const got = ok(await t.call("GetInstance", { id }, pat)).instance as Record<string, unknown>;
      assert.deepEqual(got.instance, { name: "Second", domains: [domain], defaultOrgName: "Second Org" });
      const search = await requestWithHost(emu.port, `${B}/targets/_search`, `${domain}:${emu.port}`, {
        method: "POST",
        headers: { authorization: `Bearer ${pat}` },
        body: "[]",
      });
      assert.equal(search.status, 200, "the system owner's token works in the new instance");
      ok(await t.call("PatchInstance", { id, instance: { name: "Renamed" } }, pat));
      const found = ok(await t.call("SearchInstances", { filters: [{ domain: { domain } }] } as never, pat));
      assert.deepEqual(
        ((found.result ?? []) as { instance: { name: string } }[]).map((r) => r.instance.name),
        ["Renamed"],
      );
      fails(await t.call("CreateInstance", { instance: { name: "Dup", domains: [domain] } }, pat), 6, 409, /already reaches an instance/);
      fails(await t.call("DeleteInstance", { id: home }, pat), 9, 400, /default instance cannot be deleted/);
      ok(await t.call("DeleteInstance", { id }, pat));
      fails(await t.call("GetInstance", { id }, pat), 5, 404, /Instance not found/);
    });

    it("shows instance owners only their instance and keeps the system's rpcs from them", async () => {
      const seen = ok(await t.call("SearchInstances", {}, OWNER));
      assert.deepEqual(
        ((seen.result ?? []) as { details: { id: string } }[]).map((r) => r.details.id),
        [home],
      );
      fails(await t.call("CreateInstance", { instance: { name: "No", domains: ["no.localhost"] } }, OWNER), 7, 403, /needs system\.instance\.write/);
      fails(await t.call("Limit", { id: home, limits: { block: true } }, OWNER), 7, 403, /needs system\.limits\.write/);
    });

    it("blocks an instance: the API answers 429 code 8, sign-in 429; unblocking restores both", async () => {
      ok(await t.call("Limit", { id: home, limits: { block: true, auditLogRetention: "3600s" } }, pat));
      const api = await fetch(`${emu.url}${B}/targets/_search`, { method: "POST", headers: { authorization: `Bearer ${pat}` }, body: "[]" });
      assert.equal(api.status, 429);
      assert.deepEqual(await api.json(), {
        code: 8,
        message: "Instance is blocked (LIMITS-blocked)",
        details: [{ "@type": "type.googleapis.com/svc.v1.ErrorDetail", id: "LIMITS-blocked", message: "Instance is blocked" }],
      });
      assert.equal((await fetch(`${emu.url}/.well-known/openid-configuration`)).status, 429);
      const got = ok(await t.call("GetInstance", { id: home }, pat)).instance as Record<string, unknown>;
      assert.deepEqual([got.blocked, got.auditLogRetention], [true, "3600s"]);
      const bulk = ok(await t.call("BulkLimit", { limits: [{ instanceId: home, limits: { block: false, auditLogRetention: "0s" } }] }, pat));
      assert.equal((bulk.details as unknown[]).length, 1);
      assert.equal((await fetch(`${emu.url}/.well-known/openid-configuration`)).status, 200);
      fails(
        await t.call(
          "BulkLimit",
          {
            limits: [
              { instanceId: home, limits: { block: true } },
              { instanceId: "404", limits: { block: true } },
            ],
          },
          pat,
        ),
        5,
        404,
        /Instance not found/,
      );
      assert.equal((ok(await t.call("GetInstance", { id: home }, pat)).instance as { blocked?: boolean }).blocked, undefined, "nothing was written");
    });

    it("hides events older than the audit log retention in the event log", async () => {
      await ctl("/clock/_freeze", { method: "POST" });
      await ctl("/clock/_advance", { method: "POST", json: { by: "2h" } });
      ok(await t.call("Limit", { id: home, limits: { auditLogRetention: "3600s" } }, pat));
      const events = (await ctl.as("events", `/events?instance_id=${home}&limit=1000`)).body;
      assert.deepEqual(
        events.events.map((e) => e.type),
        ["instance.limits.set"],
      );
      await ctl("/clock/_reset", { method: "POST" });
    });
  });
}

describe("closing", () => {
  it("closes the clients", () => instances.close());
});

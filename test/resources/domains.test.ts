// SvcDomains on REST, gRPC and gRPC-web: every org has a generated primary domain; domains are
// added, validated, made primary (then the suffix of login names and the org domain claim), and
// deleted; unique in the instance.

import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { SvcDomains } from "../../emulator/src/gen/svc/resources/domain/v3alpha/domain_service_pb.js";
import { fails, ok } from "../helpers/assertions.js";
import { request } from "../helpers/emulator.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";

const { emu, pat, transports, reset, seededId } = await setUpResourceTest();
const domains = transports({
  service: SvcDomains,
  protoFile: "svc/resources/domain/v3alpha/domain_service.proto",
  routes: {
    CreateDomain: { verb: "POST", path: `${B}/domains`, body: "domain" },
    DeleteDomain: { verb: "DELETE", path: `${B}/domains/{domain}` },
    GetDomain: { verb: "GET", path: `${B}/domains/{domain}` },
    SearchDomains: { verb: "POST", path: `${B}/domains/_search`, body: "filters" },
    SetAsPrimary: { verb: "POST", path: `${B}/domains/{domain}/_set_as_primary` },
    Validate: { verb: "POST", path: `${B}/domains/{domain}/_validate`, body: "validation" },
  },
});

for (const t of domains.all) {
  describe(`domains over ${t.name}`, () => {
    let org = "";
    let alice = "";
    before(async () => {
      await reset();
      org = await seededId("org.added");
      alice = await seededId("user.human.added", (p) => p.username === "alice");
    });

    it("gives every org a generated, verified primary domain", async () => {
      const got = ok(await t.call("GetDomain", { domain: "emulator-org.localhost" }, pat)).domain as Record<string, unknown>;
      assert.deepEqual([got.orgId, got.isVerified, got.isPrimary], [org, true, true]);
    });

    it("adds a domain, validates it, makes it primary and so renames login names", async () => {
      ok(await t.call("CreateDomain", { domain: { domain: "Example.TEST" } }, pat), 201);
      fails(await t.call("CreateDomain", { domain: { domain: "example.test" } }, pat), 6, 409, /already used/, "DOMAIN-taken");
      fails(await t.call("SetAsPrimary", { domain: "example.test" }, pat), 9, 400, /must be verified/, "DOMAIN-not-verified");
      ok(await t.call("Validate", { domain: "example.test", validation: { type: "VALIDATION_TYPE_DNS" } }, pat));
      ok(await t.call("SetAsPrimary", { domain: "example.test" }, pat));
      const user = await request(`${emu.url}${B}/users/${alice}`, { token: pat });
      assert.equal((user.body as { user: { loginName: string } }).user.loginName, "alice@example.test");
      const found = ok(await t.call("SearchDomains", { filters: [{ organizationId: { id: org } }] } as never, pat));
      assert.deepEqual(((found.result ?? []) as { domain: string; isPrimary?: boolean }[]).map((d) => [d.domain, d.isPrimary ?? false]).sort(), [
        ["emulator-org.localhost", false],
        ["example.test", true],
      ]);
      fails(await t.call("DeleteDomain", { domain: "example.test" }, pat), 9, 400, /primary domain cannot be deleted/);
      ok(await t.call("DeleteDomain", { domain: "emulator-org.localhost" }, pat));
      fails(await t.call("GetDomain", { domain: "emulator-org.localhost" }, pat), 5, 404, /not found/);
      fails(await t.call("CreateDomain", { domain: { domain: "not a domain" } }, pat), 3, 400, /\[string\.pattern\]/);
    });
  });
}

describe("closing", () => {
  it("closes the clients", () => domains.close());
});

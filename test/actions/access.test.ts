// Access to SvcActions (spec "Authentication"): a bearer token is required (401, code 16), the
// rpc's permission comes from roles held through memberships (403, code 7), a token only works
// on its own instance, and the feature flag gates the service (code 9), on all three transports.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { fails, ok } from "../helpers/assertions.js";
import { actionsSetup, webhook } from "./setup.js";

const VIEWER = "viewer-token-0123456789abcdef";
const NOBODY = "nobody-token-0123456789abcdef";
const EXPIRED = "expired-token-0123456789abcdef";
const OTHER = "other-instance-token-0123456789";

const machine = (username: string, token: string, expiresAt?: string) => ({
  type: "machine" as const,
  username,
  name: username,
  personalAccessTokens: [{ token, ...(expiresAt ? { expiresAt } : {}) }],
});

const { emu, transports, instanceId, ctl } = await actionsSetup({
  fixtures: {
    instances: [
      {
        name: "Main",
        default: true,
        domains: ["localhost"],
        orgs: [
          {
            name: "Org",
            users: [
              machine("admin-sa", "admin-token-0123456789abcdef"),
              machine("viewer", VIEWER),
              machine("nobody", NOBODY),
              machine("expired", EXPIRED, "2001-01-01T00:00:00Z"),
            ],
          },
        ],
        members: [
          { user: "admin-sa", roles: ["IAM_OWNER"] },
          { user: "viewer", roles: ["IAM_OWNER_VIEWER"] },
          { user: "expired", roles: ["IAM_OWNER"] },
        ],
      },
      {
        name: "Other",
        domains: ["other.localhost"],
        orgs: [{ name: "Org", users: [machine("other-sa", OTHER)] }],
        members: [{ user: "other-sa", roles: ["IAM_OWNER"] }],
      },
    ],
  },
});
const ADMIN = "admin-token-0123456789abcdef";

for (const t of transports) {
  describe(`access over ${t.name}`, () => {
    it("refuses calls without a token, with a token that is no bearer token, unknown or expired (401, code 16)", async () => {
      fails(await t.call("SearchTargets", {}), 16, 401, /^Authorization header missing \(AUTH-7fs1e\)$/, "AUTH-7fs1e");
      fails(await t.call("SearchTargets", {}, "no-such-token-at-all"), 16, 401, /Token is invalid/, "AUTH-7fs1g");
      fails(await t.call("SearchTargets", {}, EXPIRED), 16, 401, /Token has expired/, "AUTH-7fs1h");
      fails(await t.call("SearchTargets", {}, OTHER), 16, 401, /Token is invalid/, "AUTH-7fs1g");
    });

    it("lets a viewer read but not write (403, code 7), and a user without roles do nothing", async () => {
      assert.ok(ok(await t.call("SearchTargets", {}, VIEWER)).details);
      ok(await t.call("ListAvailableExecutionMethods", {}, VIEWER));
      fails(
        await t.call("CreateTarget", { target: webhook(`${t.name}-v`) }, VIEWER),
        7,
        403,
        /No matching permissions found \(needs action\.target\.write\)/,
        "AUTHZ-HKJD33",
      );
      fails(await t.call("DeleteExecution", { id: "request" }, VIEWER), 7, 403, /needs action\.execution\.delete/);
      fails(await t.call("SearchTargets", {}, NOBODY), 7, 403, /needs action\.target\.read/);
      fails(await t.call("SearchExecutions", {}, NOBODY), 7, 403, /needs execution\.read/);
    });

    it("answers the instance owner", async () => {
      ok(await t.call("CreateTarget", { target: webhook(`${t.name}-owner`) }, ADMIN));
    });

    it("answers FailedPrecondition naming the flag while multitenancy_resources_api is off", async () => {
      const off = await ctl(`/instances/${instanceId}/features`, { method: "PATCH", json: { multitenancy_resources_api: false } });
      assert.equal(off.status, 200);
      try {
        fails(await t.call("SearchTargets", {}, ADMIN), 9, 400, /Feature "multitenancy_resources_api" is not enabled/, "FEATURE-disabled");
        // Who calls is checked first: without a token the answer is 401, whatever the flag.
        const anonymous = await t.call("SearchTargets", {});
        assert.ok(!anonymous.ok && anonymous.code === 16, `expected code 16, got ${JSON.stringify(anonymous)}`);
      } finally {
        await ctl(`/instances/${instanceId}/features`, { method: "PATCH", json: { multitenancy_resources_api: true } });
      }
      ok(await t.call("SearchTargets", {}, ADMIN));
    });
  });
}

describe("searches return only the caller's instance", () => {
  it("keeps targets of another instance out of results", async () => {
    const res = await fetch(`${emu.url}/resources/v3alpha/targets/_search`, { method: "POST", headers: { authorization: `Bearer ${ADMIN}` }, body: "[]" });
    const names = ((await res.json()) as { result: { target: { name: string } }[] }).result.map((r) => r.target.name);
    assert.deepEqual(names.sort(), ["grpc-owner", "grpc-web-owner", "rest-owner"]);
  });
});

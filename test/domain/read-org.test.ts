// The read of a whole org (migration/read-org.ts), which the export and the UI's context screens
// use: everything that belongs to the org, built through the resource API and the seed, and
// nothing of other orgs; secrets stay out.

import { before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import type { FixtureFile } from "../../emulator/src/index.js";
import { readOrg } from "../../emulator/src/migration/read-org.js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { internals } from "../../emulator/src/internal.js";

const B = "/resources/v3alpha";
const PAT = "read-org-admin-token-0123";
const jwk = () => generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "jwk" }) as { kty: "RSA"; n: string; e: string };
const botKey = jwk();
const appKey = jwk();

const FIXTURES: FixtureFile = {
  instances: [
    {
      id: "100",
      name: "Main",
      domains: ["localhost"],
      orgs: [
        {
          id: "200",
          name: "Main Org",
          users: [{ type: "machine", id: "201", username: "admin-sa", name: "Admin", personalAccessTokens: [{ token: PAT, adminPat: true }] }],
        },
        {
          id: "500",
          name: "Acme",
          users: [
            {
              type: "human",
              id: "510",
              username: "alice",
              firstName: "Alice",
              lastName: "A",
              email: "alice@acme.test",
              emailVerified: true,
              metadata: { team: "blue" },
            },
            { type: "machine", id: "511", username: "bot", name: "Bot", clientSecret: "bot-secret-123", keys: [{ id: "512", publicKey: botKey }] },
          ],
          members: [{ user: "alice", roles: ["ORG_OWNER"] }],
          projects: [
            {
              id: "700",
              name: "Shop",
              roles: [{ key: "buyer", displayName: "Buyer" }],
              apps: [{ type: "api", id: "800", name: "shop-api", clientId: "shop-api", authMethod: "private_key_jwt", publicKeys: [appKey] }],
            },
          ],
          grants: [{ user: "alice", project: "Shop", roles: ["buyer"] }],
        },
        { id: "600", name: "Other", users: [{ type: "machine", id: "610", username: "other-bot", name: "Other bot" }] },
      ],
      members: [{ user: "admin-sa", roles: ["IAM_OWNER"] }],
    },
  ],
};

async function call(method: string, path: string, json?: unknown): Promise<{ details: { id: string } }> {
  const r = await request(`${emu.url}${path}`, { method, token: PAT, ...(json === undefined ? {} : { json }) });
  assert.ok(r.status === 200 || r.status === 201, `${method} ${path}: ${r.status} ${r.text}`);
  return r.body as { details: { id: string } };
}

const emu = await startTestEmulator({ fixtures: FIXTURES });

describe("reading a whole org", () => {
  let grantId: string;
  let acmeIdp: string;
  let instanceIdp: string;
  before(async () => {
    await call("POST", `${B}/domains?organization.orgId=500`, { domain: "acme.test" });
    await call("PATCH", "/settings/v3alpha/languages?ctx.orgId=500", { defaultLanguage: { key: "de" } });
    grantId = (await call("POST", `${B}/grants/projects`, { projectId: "700", grantedOrgId: "600", roleKeys: ["buyer"] })).details.id;
    await call("POST", `${B}/memberships?ctx.projectGrantId=${grantId}`, { userId: "610", roles: ["PROJECT_GRANT_OWNER"] });
    await call("POST", `${B}/memberships?ctx.projectId=700`, { userId: "511", roles: ["PROJECT_OWNER_VIEWER"] });
    acmeIdp = (
      await call("POST", `${B}/idps/gitlab?ctx.orgId=500`, {
        idp: { name: "acme-gitlab", statePolicy: "STATE_POLICY_ACTIVATE" },
        config: { clientId: "acme-client" },
      })
    ).details.id;
    instanceIdp = (
      await call("POST", `${B}/idps/gitlab`, { idp: { name: "shared-gitlab", statePolicy: "STATE_POLICY_ACTIVATE" }, config: { clientId: "shared" } })
    ).details.id;
    await call("PATCH", `${B}/idps/gitlab/${instanceIdp}?ctx.orgId=500`, { idp: { statePolicy: "STATE_POLICY_DEACTIVATE" } });
  });

  it("gives the org, its domains and the settings it set", () => {
    const r = readOrg(internals(emu).core, "100", "500")!;
    assert.deepEqual({ id: r.org.id, name: r.org.name, instanceId: r.org.instanceId }, { id: "500", name: "Acme", instanceId: "100" });
    assert.equal(r.isInstanceDefault, false);
    assert.equal(r.primaryDomain, "acme.localhost");
    assert.deepEqual(
      r.domains.map((d) => [d.domain, d.isVerified, d.isPrimary]),
      [
        ["acme.localhost", true, true],
        ["acme.test", false, false],
      ],
    );
    assert.deepEqual(r.settings, { "language.default": "de" });
  });

  it("gives its users with metadata, public keys and grants, and no secrets", () => {
    const r = readOrg(internals(emu).core, "100", "500")!;
    assert.deepEqual(
      r.users.map((u) => u.user.username),
      ["alice", "bot"],
    );
    const [alice, bot] = r.users;
    assert.deepEqual(alice!.metadata, { team: "blue" });
    assert.deepEqual(alice!.keys, []);
    assert.deepEqual(
      alice!.grants.map((g) => [g.projectId, g.roles]),
      [["700", ["buyer"]]],
    );
    assert.equal(alice!.passwordHash, undefined);
    assert.deepEqual(
      bot!.keys.map((k) => [k.id, k.jwk]),
      [["512", botKey]],
    );
    assert.ok(!("secretHash" in bot!.user.data), JSON.stringify(bot!.user.data));
    assert.ok(!JSON.stringify(r).includes("bot-secret-123"));
  });

  it("gives its projects with roles and apps with public keys, and the project grants it gave", () => {
    const r = readOrg(internals(emu).core, "100", "500")!;
    assert.equal(r.projects.length, 1);
    const [shop] = r.projects;
    assert.equal(shop!.project.name, "Shop");
    assert.deepEqual(shop!.roles, [{ key: "buyer", displayName: "Buyer", group: "" }]);
    assert.deepEqual(
      shop!.apps.map((a) => [a.app.id, a.app.clientId, a.keys.map((k) => k.jwk)]),
      [["800", "shop-api", [appKey]]],
    );
    assert.deepEqual(
      r.projectGrants.given.map((g) => [g.id, g.projectId, g.grantedOrgId, g.roles]),
      [[grantId, "700", "600", ["buyer"]]],
    );
    assert.deepEqual(r.projectGrants.received, []);
    const other = readOrg(internals(emu).core, "100", "600")!;
    assert.deepEqual(
      other.projectGrants.received.map((g) => g.id),
      [grantId],
    );
    assert.deepEqual(other.projects, []);
  });

  it("gives the memberships in the org, its projects and its project grants", () => {
    const r = readOrg(internals(emu).core, "100", "500")!;
    assert.deepEqual(
      r.memberships.map((m) => [m.contextType, m.contextId, m.userId, m.roles]),
      [
        ["org", "500", "510", ["ORG_OWNER"]],
        ["project", "700", "511", ["PROJECT_OWNER_VIEWER"]],
        ["project_grant", grantId, "610", ["PROJECT_GRANT_OWNER"]],
      ],
    );
  });

  it("gives the IDPs it owns and the state policies it set for others", () => {
    const r = readOrg(internals(emu).core, "100", "500")!;
    assert.deepEqual(
      r.idps.map((i) => [i.id, i.name, i.ownState]),
      [[acmeIdp, "acme-gitlab", "active"]],
    );
    assert.deepEqual(r.idpStatePolicies, [{ idpId: instanceIdp, policy: "deactivate" }]);
    assert.deepEqual(readOrg(internals(emu).core, "100", "600")!.idps, []);
  });

  it("gives password hashes only when asked, and nothing for an org of another instance", () => {
    assert.equal(readOrg(internals(emu).core, "100", "500", { withPasswords: true })!.users[0]!.passwordHash, undefined);
    assert.equal(readOrg(internals(emu).core, "999", "500"), undefined);
    assert.equal(readOrg(internals(emu).core, "100", "nope"), undefined);
  });
});

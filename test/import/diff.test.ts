// The diff of an org document against the instance on the control API (issue 12): a document the
// instance holds already diffs as unchanged; changed items are conflicts shown side by side (file vs
// instance), new ones are creates; nothing is written; invalid documents answer their errors.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Value } from "@sinclair/typebox/value";
import * as S from "../../emulator/src/control/schemas.js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { controlApi } from "../helpers/control-client.js";
import { databaseDump } from "../helpers/dump.js";

const emu = await startTestEmulator();
const control = controlApi(emu);

const dump = databaseDump(emu);

type NameTaken = { id: string; field: string; value: string; takenBy: { orgId: string; id: string } };
type KindDiff = {
  create: string[];
  unchanged: string[];
  conflicts: { id: string; file: unknown; instance: unknown }[];
  nameTaken: NameTaken[];
  instanceOnly: string[];
};
/** A kind's diff with empty lists where `d` gives none. */
const kindDiff = (d: Partial<KindDiff>): KindDiff => ({ create: [], unchanged: [], conflicts: [], nameTaken: [], instanceOnly: [], ...d });

const A = "500000000000000001";
const B = "500000000000000002";
const orgA = {
  orgId: A,
  org: { name: "Diff A" },
  domains: [{ domainName: "diff-a.example", isVerified: true, validationType: "DOMAIN_VALIDATION_TYPE_DNS" }],
  humanUsers: [
    {
      userId: "500000000000000010",
      user: {
        userName: "dana",
        profile: { firstName: "Dana", lastName: "D", preferredLanguage: "en" },
        email: { email: "dana@diff-a.example", isEmailVerified: true },
        hashedPassword: { value: "$2a$04$abcdefghijklmnopqrstuu5J8QEnD4b/5Ps1zC7tH1x3G8WQ1O7Hy" },
      },
    },
  ],
  machineUsers: [{ userId: "500000000000000011", user: { userName: "robot", name: "Robot" } }],
  userMetadata: [{ id: "500000000000000010", key: "team", value: Buffer.from("red").toString("base64") }],
  projects: [{ projectId: "500000000000000020", project: { name: "Shop", projectRoleAssertion: true } }],
  projectRoles: [{ projectId: "500000000000000020", roleKey: "admin", displayName: "Admin" }],
  oidcApps: [
    {
      appId: "500000000000000030",
      app: { projectId: "500000000000000020", name: "web", redirectUris: ["http://localhost:3000/cb"], responseTypes: ["OIDC_RESPONSE_TYPE_CODE"] },
    },
  ],
  apiApps: [{ appId: "500000000000000031", app: { projectId: "500000000000000020", name: "api" } }],
  projectGrants: [{ grantId: "500000000000000040", projectGrant: { projectId: "500000000000000020", grantedOrgId: B, roleKeys: ["admin"] } }],
  userGrants: [{ userId: "500000000000000010", projectId: "500000000000000020", roleKeys: ["admin"] }],
  orgMembers: [{ userId: "500000000000000010", roles: ["ORG_OWNER"] }],
  projectMembers: [{ projectId: "500000000000000020", userId: "500000000000000011", roles: ["PROJECT_OWNER"] }],
};
const doc = { orgs: [orgA, { orgId: B, org: { name: "Diff B" } }] };

const diff = (document: unknown, instanceId?: string) => control.diffDocument({ body: { document, ...(instanceId ? { instanceId } : {}) } });

describe("org diff", () => {
  it("shows every org and item of a document the instance does not hold as create, and writes nothing", async () => {
    const before = dump();
    const r = await diff(doc);
    assert.equal(r.status, 200, r.text);
    const body = r.body;
    assert.deepEqual(body.errors, []);
    assert.deepEqual(
      body.orgs.map((o) => [o.orgId, o.status]),
      [
        [A, "create"],
        [B, "create"],
      ],
    );
    const a = body.orgs[0]!.kinds;
    assert.deepEqual(a.org, kindDiff({ create: [A] }));
    assert.deepEqual(a.humanUsers, kindDiff({ create: ["500000000000000010"] }));
    assert.deepEqual(a.projectRoles!.create, ["500000000000000020_admin"]);
    assert.deepEqual(a.projectGrants!.create, [`${A}_500000000000000020_${B}`]);
    assert.deepEqual(a.userMetadata!.create, ["500000000000000010_team"]);
    assert.equal(dump(), before);
  });

  it("shows a document the instance holds as unchanged, and changed items side by side", async () => {
    const imported = await control.importDocument({ body: { document: doc } });
    assert.deepEqual(imported.body.errors, [], imported.text);
    const same = (await diff(doc)).body;
    for (const o of same.orgs) {
      assert.equal(o.status, "unchanged", o.orgId);
      for (const [kind, d] of Object.entries(o.kinds)) assert.deepEqual([kind, d.create, d.conflicts], [kind, [], []], `${kind}: ${JSON.stringify(d)}`);
    }
    assert.equal(same.orgs[0]!.kinds.oidcApps!.unchanged.length, 1);

    // The admin export of the same orgs (with its generated domains, org state, key order) is unchanged too.
    const exported = await request(`${emu.url}/admin/v1/export`, { method: "POST", token: emu.adminPat, json: { orgIds: [A, B], responseOutput: true } });
    assert.equal(exported.status, 200, exported.text);
    const again = (await diff(exported.body)).body;
    assert.deepEqual(again.errors, []);
    for (const o of again.orgs) {
      assert.equal(o.status, "unchanged", o.orgId);
      for (const [kind, d] of Object.entries(o.kinds)) assert.deepEqual([kind, d.create, d.conflicts], [kind, [], []], `${kind}: ${JSON.stringify(d)}`);
    }
    assert.deepEqual(again.orgs[0]!.kinds.domains!.unchanged.length, 2, "the generated domain and diff-a.example");

    const a = structuredClone(orgA);
    const changed = { orgs: [a, doc.orgs[1]] };
    a.org.name = "Diff A renamed";
    a.humanUsers[0]!.user.profile.firstName = "Danielle";
    a.projects.push({ projectId: "500000000000000021", project: { name: "New", projectRoleAssertion: false } });
    a.projectRoles[0]!.displayName = "Administrator";
    const before = dump();
    const body = (await diff(changed)).body;
    assert.equal(dump(), before, "the diff writes nothing");
    assert.ok(Value.Check(S.DiffResult, body), "the answer fits the DiffResult schema");
    const kinds = body.orgs[0]!.kinds;
    assert.equal(body.orgs[0]!.status, "conflict");
    assert.deepEqual(kinds.org!.conflicts, [{ id: A, file: { name: "Diff A renamed" }, instance: { name: "Diff A" } }]);
    assert.deepEqual(kinds.projects, kindDiff({ create: ["500000000000000021"], unchanged: ["500000000000000020"] }));
    assert.deepEqual(kinds.projectRoles!.conflicts, [
      {
        id: "500000000000000020_admin",
        file: { projectId: "500000000000000020", roleKey: "admin", displayName: "Administrator" },
        instance: { projectId: "500000000000000020", roleKey: "admin", displayName: "Admin" },
      },
    ]);
    const user = kinds.humanUsers!.conflicts[0]!;
    assert.equal(user.id, "500000000000000010");
    const profile = (side: unknown) => (side as { user: { profile: Record<string, string>; hashedPassword?: unknown } }).user;
    assert.equal(profile(user.file).profile.firstName, "Danielle");
    assert.equal(profile(user.instance).profile.firstName, "Dana");
    assert.equal(profile(user.file).hashedPassword, undefined, "secrets are not shown side by side");
    assert.deepEqual(kinds.machineUsers, kindDiff({ unchanged: ["500000000000000011"] }));
    assert.equal(body.orgs[1]!.status, "unchanged");
  });

  it("lists per kind what only the instance's org has (its generated domain, items the file left out)", async () => {
    // orgA is imported by the test before.
    const a = structuredClone(orgA);
    a.humanUsers = [];
    a.userMetadata = [];
    a.userGrants = [];
    const body = (await diff({ orgs: [a] })).body;
    const kinds = body.orgs[0]!.kinds;
    assert.deepEqual(kinds.humanUsers, kindDiff({ instanceOnly: ["500000000000000010"] }));
    assert.deepEqual(kinds.userMetadata!.instanceOnly, ["500000000000000010_team"]);
    assert.deepEqual(kinds.userGrants!.instanceOnly, [`${A}_500000000000000020_500000000000000010`]);
    assert.deepEqual(kinds.domains!.instanceOnly.length, 1, "the org's generated domain");
    assert.match(kinds.domains!.instanceOnly[0]!, new RegExp(`^${A}_diff-a\\.`));
    assert.deepEqual(kinds.domains!.unchanged, [`${A}_diff-a.example`]);
    assert.deepEqual(kinds.projects!.instanceOnly, []);
  });

  it("names both sides when a name of the file is another object's: org name, user name, domain, project name", async () => {
    const other = "500000000000000003";
    const clash = {
      orgId: other,
      org: { name: "DIFF A" },
      domains: [{ domainName: "Diff-A.example", isVerified: true }],
      humanUsers: [{ ...orgA.humanUsers[0]!, userId: "500000000000000050", user: { ...orgA.humanUsers[0]!.user, userName: "robot" } }],
      projects: [{ projectId: "500000000000000060", project: { name: "Fresh" } }],
    };
    const sameOrg = structuredClone(orgA);
    sameOrg.projects.push({ projectId: "500000000000000061", project: { name: "Shop", projectRoleAssertion: false } });
    const before = dump();
    const r = await diff({ orgs: [clash, sameOrg] });
    assert.equal(r.status, 200, r.text);
    const body = r.body;
    assert.ok(Value.Check(S.DiffResult, body), "the answer fits the DiffResult schema");
    const [c, s] = body.orgs.map((o) => o.kinds);
    assert.equal(body.orgs[0]!.status, "conflict", "its name is A's");
    assert.deepEqual(c!.org, kindDiff({ nameTaken: [{ id: other, field: "org.name", value: "DIFF A", takenBy: { orgId: A, id: A } }] }));
    assert.deepEqual(
      c!.domains,
      kindDiff({
        nameTaken: [{ id: `${other}_Diff-A.example`, field: "domainName", value: "Diff-A.example", takenBy: { orgId: A, id: `${A}_diff-a.example` } }],
      }),
    );
    assert.deepEqual(
      c!.humanUsers,
      kindDiff({ nameTaken: [{ id: "500000000000000050", field: "user.userName", value: "robot", takenBy: { orgId: A, id: "500000000000000011" } }] }),
    );
    assert.deepEqual(c!.projects, kindDiff({ create: ["500000000000000060"] }), "project names are per org");
    assert.deepEqual(s!.projects!.nameTaken, [
      { id: "500000000000000061", field: "project.name", value: "Shop", takenBy: { orgId: A, id: "500000000000000020" } },
    ]);
    assert.deepEqual(s!.projects!.create, []);
    assert.deepEqual(s!.humanUsers!.nameTaken, [], "an object's own name is not taken");
    assert.equal(dump(), before);
  });

  it("answers the validation errors with their paths and no orgs; an unknown instance is 404", async () => {
    const r = await diff({ orgs: [{ orgId: "1", org: { name: "X" }, humanUsers: [{ userId: "2", user: { userName: 5 } }] }] });
    assert.equal(r.status, 200, r.text);
    const body = r.body;
    assert.deepEqual(body.orgs, []);
    assert.ok(
      body.errors.some((e) => e.path.startsWith("orgs[0].humanUsers[0].user")),
      r.text,
    );
    const missing = await diff(doc, "no-such-instance");
    assert.equal(missing.status, 404);
    assert.deepEqual(missing.body, { code: 5, message: "No instance no-such-instance" });
  });
});

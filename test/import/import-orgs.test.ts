// The org import engine on the control API (issue 12): a document shaped like the product's docs
// example imports and its user signs in with the password behind the bcrypt hash; a rich document
// (two orgs, a project grant between them) imports; conflicts are reported with the product's type
// and id and leave the database byte-for-byte unchanged; best effort keeps the rest; bad input is
// refused with paths.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import bcrypt from "bcryptjs";
import * as client from "openid-client";
import { Browser } from "../helpers/browser.js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";
import { internals } from "../../emulator/src/internal.js";
import { databaseDump } from "../helpers/dump.js";
import { importOrgs } from "../../emulator/src/migration/import-orgs.js";

const emu = await startTestEmulator();
const ctl = rawControl(emu);
const control = controlApi(emu);
const { db, events } = internals(emu).core;
const HASH = bcrypt.hashSync("Imported1!", 4).replace(/^\$2b\$/, "$2a$");

const dump = databaseDump(emu);

/** `query` written by hand ("?dryRun=true"). */
const importDoc = (document: unknown, query = "") => ctl.as("importDocument", `/orgs/_import${query}`, { method: "POST", json: { document } });

const docsExample = {
  orgs: [
    {
      orgId: "104133391254874600",
      org: { name: "Docs Org" },
      humanUsers: [
        {
          userId: "104133391254874632",
          user: {
            userName: "test9@test9",
            profile: { firstName: "Road", lastName: "Runner", displayName: "Road Runner", preferredLanguage: "de" },
            email: { email: "test@acme.tld", isEmailVerified: true },
            hashedPassword: { value: HASH, algorithm: "bcrypt" },
          },
        },
      ],
    },
  ],
};

const rich = {
  orgs: [
    {
      orgId: "300000000000000001",
      org: { name: "Rich A" },
      domains: [{ domainName: "rich-a.example", isVerified: true, isPrimary: true, validationType: "DOMAIN_VALIDATION_TYPE_DNS" }],
      humanUsers: [
        {
          userId: "300000000000000010",
          user: {
            userName: "ann",
            profile: { firstName: "Ann", lastName: "A", gender: "GENDER_FEMALE" },
            email: { email: "ann@rich-a.example" },
            hashedPassword: { value: HASH },
          },
        },
      ],
      machineUsers: [{ userId: "300000000000000011", user: { userName: "bot", name: "Bot", accessTokenType: "ACCESS_TOKEN_TYPE_JWT" } }],
      userMetadata: [{ id: "300000000000000010", key: "team", value: Buffer.from("blue").toString("base64") }],
      projects: [{ projectId: "300000000000000020", project: { name: "Shop", projectRoleAssertion: true } }],
      projectRoles: [
        { projectId: "300000000000000020", roleKey: "admin", displayName: "Admin" },
        { projectId: "300000000000000020", roleKey: "viewer" },
      ],
      oidcApps: [
        {
          appId: "300000000000000030",
          app: { projectId: "300000000000000020", name: "web", redirectUris: ["http://localhost:3000/cb"], responseTypes: ["OIDC_RESPONSE_TYPE_CODE"] },
        },
      ],
      apiApps: [{ appId: "300000000000000031", app: { projectId: "300000000000000020", name: "api", authMethodType: "API_AUTH_METHOD_TYPE_BASIC" } }],
      projectGrants: [
        { grantId: "300000000000000040", projectGrant: { projectId: "300000000000000020", grantedOrgId: "300000000000000002", roleKeys: ["viewer"] } },
      ],
      userGrants: [{ userId: "300000000000000010", projectId: "300000000000000020", roleKeys: ["admin"] }],
      orgMembers: [{ userId: "300000000000000010", roles: ["ORG_OWNER"] }],
      projectMembers: [{ projectId: "300000000000000020", userId: "300000000000000011", roles: ["PROJECT_OWNER"] }],
      projectGrantMembers: [{ projectId: "300000000000000020", grantId: "300000000000000040", userId: "300000000000000012", roles: ["PROJECT_GRANT_OWNER"] }],
    },
    {
      orgId: "300000000000000002",
      org: { name: "Rich B" },
      humanUsers: [
        { userId: "300000000000000012", user: { userName: "bobby-rich", profile: { firstName: "Bob", lastName: "B" }, email: { email: "bob@b.example" } } },
      ],
    },
  ],
};

/** Signs in through the login form with the demo browser app; answers the ID token's subject, or the page where it stopped. */
async function signInThroughLoginForm(loginName: string, password: string): Promise<string> {
  const app = await client.discovery(new URL(emu.issuer), "demo-browser", undefined, client.None(), { execute: [client.allowInsecureRequests] });
  const verifier = client.randomPKCECodeVerifier();
  const redirect = "http://localhost:3000/callback";
  const url = client.buildAuthorizationUrl(app, {
    redirect_uri: redirect,
    scope: "openid",
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  const browser = new Browser(emu.url);
  const login = await browser.go(url.toString());
  const callback = await browser.submit(login, "login", { loginName, password });
  if (!callback.url.startsWith(redirect)) return `stopped at ${callback.url} (${callback.status})`;
  const tokens = await client.authorizationCodeGrant(app, new URL(callback.url), { pkceCodeVerifier: verifier });
  return tokens.claims()!.sub;
}

describe("org import", () => {
  it("imports the docs example (old algorithm field ignored) and the user signs in with the hashed password", async () => {
    const r = await importDoc(docsExample);
    assert.equal(r.status, 200, r.text);
    const body = r.body;
    assert.deepEqual(body.errors, []);
    assert.deepEqual(
      body.success.orgs.map((o) => [o.orgId, o.humanUserIds]),
      [["104133391254874600", ["104133391254874632"]]],
    );
    const session = (password: string) =>
      request(`${emu.url}/resources/v3alpha/sessions`, {
        method: "POST",
        token: emu.adminPat,
        json: { user: { loginName: "test9@test9" }, password: { password } },
      });
    const signedIn = await session("Imported1!");
    assert.equal(signedIn.status, 201, signedIn.text);
    assert.equal((await session("wrong")).status, 400);
    assert.equal(await signInThroughLoginForm("test9@test9", "Imported1!"), "104133391254874632");
    assert.match(await signInThroughLoginForm("test9@test9", "wrong"), /^stopped at .*\/ui\/login\/login/);
  });

  it("imports a rich document with a project grant between two orgs, and the database shows it", async () => {
    const r = await importDoc(rich);
    const body = r.body;
    assert.deepEqual(body.errors, []);
    const a = body.success.orgs[0]!;
    assert.deepEqual(a.projectRoles, ["300000000000000020_admin", "300000000000000020_viewer"]);
    assert.deepEqual(a.projectGrants, [{ grantId: "300000000000000040", projectId: "300000000000000020", orgId: "300000000000000002" }]);
    assert.deepEqual(a.domains, ["rich-a.example"]);
    const count = (sql: string, ...args: unknown[]) => (db.stmt(sql).get(...args) as { n: number }).n;
    assert.equal(count("SELECT COUNT(*) AS n FROM users WHERE org_id = ?", "300000000000000001"), 2);
    assert.equal(count("SELECT COUNT(*) AS n FROM apps WHERE project_id = ?", "300000000000000020"), 2);
    assert.equal(count("SELECT COUNT(*) AS n FROM project_grants WHERE id = ?", "300000000000000040"), 1);
    assert.equal(count("SELECT COUNT(*) AS n FROM memberships WHERE user_id = ?", "300000000000000012"), 1);
    const imported = db.stmt("SELECT COUNT(*) AS n FROM events WHERE origin = 'import'").get() as { n: number };
    assert.ok(imported.n > 10);
  });

  it("reports every conflict with the product's type and id and changes nothing (atomic)", async () => {
    const before = dump();
    const conflicting = structuredClone(rich);
    conflicting.orgs[0]!.org.name = "Rich A again";
    const heard: unknown[] = [];
    const off = events.subscribe((e) => heard.push(e));
    const r = await importDoc(conflicting);
    off();
    assert.deepEqual(heard, [], "a rolled-back import announces no events");
    const body = r.body;
    assert.deepEqual(body.success.orgs, []);
    const pairs = body.errors.map((e) => `${e.type} ${e.id}`);
    for (const want of [
      "org 300000000000000001",
      "human_user 300000000000000010",
      "machine_user 300000000000000011",
      "project 300000000000000020",
      "oidc_app 300000000000000030",
      "api_app 300000000000000031",
      "project_grant 300000000000000001_300000000000000020_300000000000000002",
      "user_grant 300000000000000001_300000000000000020_300000000000000010",
      "org_member 300000000000000001_300000000000000010",
    ])
      assert.ok(pairs.includes(want), `${want} in ${pairs.join(", ")}`);
    assert.match(body.errors[0]!.message, /^ID=ORG-exists Message=/);
    assert.equal(body.errors.find((e) => e.type === "human_user")!.path, "orgs[0].humanUsers[0]");
    assert.equal(dump(), before);
  });

  it("reports grants pointing at missing objects and a taken domain, and best effort keeps the rest", async () => {
    const doc = {
      orgs: [
        {
          orgId: "400000000000000001",
          org: { name: "Partial" },
          domains: [{ domainName: "rich-a.example" }],
          projects: [{ projectId: "400000000000000020", project: { name: "P" } }],
          userGrants: [{ userId: "400000000000000099", projectId: "400000000000000020" }],
          projectGrants: [{ grantId: "400000000000000040", projectGrant: { projectId: "400000000000000020", grantedOrgId: "400000000000000098" } }],
        },
      ],
    };
    const before = dump();
    const atomic = (await importDoc(doc)).body;
    assert.deepEqual(
      atomic.errors.map((e) => `${e.type} ${e.id}`),
      [
        "domain 400000000000000001_rich-a.example",
        "project_grant 400000000000000001_400000000000000020_400000000000000098",
        "user_grant 400000000000000001_400000000000000020_400000000000000099",
      ],
    );
    assert.equal(dump(), before);
    const dry = (await importDoc(doc, "?dryRun=true")).body;
    assert.equal(dry.errors.length, 3);
    assert.equal(dump(), before);
    const partial = (await importDoc(doc, "?bestEffort=true")).body;
    assert.equal(partial.errors.length, 3);
    assert.deepEqual(
      partial.success.orgs.map((o) => [o.orgId, o.projectIds]),
      [["400000000000000001", ["400000000000000020"]]],
    );
    assert.equal((db.stmt("SELECT COUNT(*) AS n FROM projects WHERE id = '400000000000000020'").get() as { n: number }).n, 1);
  });

  it("refuses bad input with paths and stores nothing", async () => {
    const before = dump();
    const bad = {
      orgs: [
        {
          orgId: "500000000000000001",
          org: { name: "Bad" },
          colour: "red",
          humanUsers: [
            { userId: "5", user: { userName: "x", profile: { firstName: "X", lastName: "Y", preferredLanguage: "tlh" }, email: { email: "x@y.z" } } },
            {
              userId: "6",
              user: {
                userName: 7,
                profile: { firstName: "", lastName: "Y" },
                email: { email: "no-at" },
                hashedPassword: { value: "$1$saltsalt$2vnaRpHa6Jxjz5n83ok8Z0" },
              },
            },
          ],
          projects: "nope",
        },
      ],
    };
    const r = await control.validateDocument({ body: { document: bad } });
    const body = r.body;
    assert.equal(body.valid, false);
    assert.deepEqual(
      body.errors.map((e) => [e.type, e.id, e.path]),
      [
        ["org", "500000000000000001", "orgs[0].colour"],
        ["human_user", "5", "orgs[0].humanUsers[0].user.profile.preferredLanguage"],
        ["human_user", "6", "orgs[0].humanUsers[1].user.userName"],
        ["human_user", "6", "orgs[0].humanUsers[1].user.profile.firstName"],
        ["human_user", "6", "orgs[0].humanUsers[1].user.email.email"],
        ["human_user", "6", "orgs[0].humanUsers[1].user.hashedPassword.value"],
        ["project", "500000000000000001", "orgs[0].projects"],
      ],
    );
    assert.match(body.errors[5]!.message, /md5-crypt is not supported/);
    const imported = (await importDoc(bad)).body;
    assert.equal(imported.errors.length, 7);
    // 10,000 levels: built as text, since JSON.stringify itself cannot nest that deep.
    const deep = `${'{"a":'.repeat(10_000)}{}${"}".repeat(10_000)}`;
    const deepBody = `{"document":{"orgs":[{"orgId":"1","org":{"name":"D"},"loginTexts":[${deep}]}]}}`;
    const deepRes = await request(`${emu.url}/emulator/v1/orgs/_import`, {
      method: "POST",
      token: emu.consoleToken,
      headers: { "content-type": "application/json" },
      body: deepBody,
    });
    assert.equal(deepRes.status, 400, deepRes.text);
    assert.match(deepRes.text, /nested deeper than 64 levels/);
    const shallowDeep = JSON.parse(`${'{"a":'.repeat(40)}{}${"}".repeat(40)}`) as unknown;
    const deepErr = (await importDoc({ orgs: [{ orgId: "1", org: { name: "D" }, loginTexts: [shallowDeep] }] })).body;
    assert.deepEqual(
      deepErr.errors.map((e) => e.path),
      ["orgs[0].loginTexts[0]"],
    );
    assert.equal((await importDoc("not a document")).status, 200);
    assert.equal((await importDoc("not a document")).body.errors[0]!.path, "");
    const malformed = await request(`${emu.url}/emulator/v1/orgs/_import`, {
      method: "POST",
      token: emu.consoleToken,
      headers: { "content-type": "application/json" },
      body: '{"document": {"orgs": [',
    });
    assert.equal(malformed.status, 400);
    assert.equal(dump(), before);
  });

  it("refuses null items in a list (found by the fuzzer: the import crashed with 500), in both modes and in validate", async () => {
    const before = dump();
    const doc = {
      orgs: [
        { orgId: "410000000000000001", org: { name: "Nulls" }, domains: [null], projects: [{ projectId: "410000000000000002", project: { name: "P" } }, null] },
      ],
    };
    const expected = [
      {
        type: "domain",
        id: "410000000000000001",
        message: "ID=IMPORT-invalid Message=orgs[0].domains[0]: a list item cannot be null",
        path: "orgs[0].domains[0]",
      },
      {
        type: "project",
        id: "410000000000000001",
        message: "ID=IMPORT-invalid Message=orgs[0].projects[1]: a list item cannot be null",
        path: "orgs[0].projects[1]",
      },
    ];
    for (const query of ["", "?dryRun=true", "?bestEffort=true"]) {
      const r = await importDoc(doc, query);
      assert.equal(r.status, 200, query);
      assert.deepEqual(r.body.errors, expected, query);
    }
    const v = await ctl("/orgs/_validate", { method: "POST", json: { document: doc } });
    assert.deepEqual(v.body, { valid: false, errors: expected });
    assert.equal(dump(), before);
  });

  it("best effort continues into an org that exists, as the product does", async () => {
    const doc = {
      orgs: [
        {
          orgId: "300000000000000001",
          org: { name: "Rich A" },
          projects: [{ projectId: "300000000000000021", project: { name: "Added later" } }],
        },
      ],
    };
    const body = (await importDoc(doc, "?bestEffort=true")).body;
    assert.deepEqual(
      body.errors.map((e) => `${e.type} ${e.id} ${e.path}`),
      ["org 300000000000000001 orgs[0].orgId"],
    );
    assert.deepEqual(
      body.success.orgs.map((o) => [o.orgId, o.projectIds]),
      [["300000000000000001", ["300000000000000021"]]],
    );
    assert.equal((db.stmt("SELECT org_id AS o FROM projects WHERE id = '300000000000000021'").get() as { o: string }).o, "300000000000000001");
  });

  it("stops past its deadline with DeadlineExceeded and keeps nothing, best effort included", () => {
    const before = dump();
    const instanceId = (db.stmt("SELECT id FROM instances WHERE is_default = 1").get() as { id: string }).id;
    const actor = { instanceId, userId: "test", origin: "import" as const };
    const doc = { orgs: [{ orgId: "700000000000000001", org: { name: "Late" } }] };
    for (const bestEffort of [false, true])
      assert.throws(() => importOrgs(internals(emu).core, actor, doc, { bestEffort, deadlineMs: Date.now() - 1 }), /ran past its timeout/);
    assert.equal(dump(), before);
  });
});

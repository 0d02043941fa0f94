// ImportData over gRPC and gRPC-web hands the decoded data_orgsv1 to the import engine, whose passes
// read the generated messages; over HTTP/JSON the document is checked, then read into the same
// messages (issue 25, step 1). A document with every kind of value the passes read (enums by name,
// lists of enums, bytes, a Timestamp with more digits than milliseconds, a Duration, booleans, an
// org state only the JSON form carries) imports the same on every transport: the export of the
// imported org is the same document, and holds the values the document gave.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { createClient, ConnectError } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { AdminService } from "../../emulator/src/gen/svc/admin/v1/admin_pb.js";
import { control } from "../helpers/emulator.js";
import { databaseDump } from "../helpers/dump.js";
import { ADMIN_SERVICE } from "../helpers/transports.js";
import { setUpResourceTest } from "../helpers/resource-test.js";

const { emu, pat, transports } = await setUpResourceTest();
const ctl = control(emu);
const admin = transports(ADMIN_SERVICE);
const dump = databaseDump(emu);

type Json = Record<string, unknown>;
const id = (k: number) => `72510000000000000${k}`;
const [ORG, HUMAN, MACHINE, PROJECT, WEB, API, MACHINE_KEY, APP_KEY] = [id(0), id(1), id(2), id(3), id(4), id(5), id(6), id(7)];
const pem = (generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ type: "spki", format: "pem" }) as string).toString();
const base64 = (text: string) => Buffer.from(text).toString("base64");
const METADATA = "välue ✓ of a typed import";

function document() {
  return {
    orgs: [
      {
        orgId: ORG,
        org: { name: "Typed import" },
        domains: [{ domainName: "typed-import.example", isVerified: true, isPrimary: true }],
        humanUsers: [
          {
            userId: HUMAN,
            state: "USER_STATE_LOCKED",
            user: {
              userName: "typed-human",
              profile: { firstName: "Ty", lastName: "Ped", nickName: "tp", displayName: "Ty Ped", preferredLanguage: "de", gender: "GENDER_DIVERSE" },
              email: { email: "typed@acme.example", isEmailVerified: true },
              phone: { phone: "+41 79 000 00 00", isPhoneVerified: true },
              password: "Password1!",
            },
          },
        ],
        machineUsers: [
          {
            userId: MACHINE,
            state: "USER_STATE_INACTIVE",
            user: { userName: "typed-machine", name: "Machine", description: "reads the typed form", accessTokenType: "ACCESS_TOKEN_TYPE_JWT" },
          },
        ],
        userMetadata: [{ id: HUMAN, key: "typed", value: base64(METADATA) }],
        machineKeys: [{ keyId: MACHINE_KEY, userId: MACHINE, type: "KEY_TYPE_JSON", publicKey: base64(pem) }],
        projects: [{ projectId: PROJECT, project: { name: "Typed", projectRoleAssertion: true, projectRoleCheck: true, hasProjectCheck: true } }],
        projectRoles: [{ projectId: PROJECT, roleKey: "reader", displayName: "Reader", group: "typed" }],
        oidcApps: [
          {
            appId: WEB,
            app: {
              projectId: PROJECT,
              name: "Typed web",
              redirectUris: ["http://localhost:3000/cb"],
              postLogoutRedirectUris: ["http://localhost:3000/bye"],
              responseTypes: ["OIDC_RESPONSE_TYPE_CODE", "OIDC_RESPONSE_TYPE_ID_TOKEN_TOKEN"],
              grantTypes: ["OIDC_GRANT_TYPE_AUTHORIZATION_CODE", "OIDC_GRANT_TYPE_IMPLICIT", "OIDC_GRANT_TYPE_REFRESH_TOKEN"],
              appType: "OIDC_APP_TYPE_USER_AGENT",
              authMethodType: "OIDC_AUTH_METHOD_TYPE_NONE",
              accessTokenType: "OIDC_TOKEN_TYPE_JWT",
              accessTokenRoleAssertion: true,
              idTokenRoleAssertion: true,
              idTokenUserinfoAssertion: true,
              clockSkew: "1.5s",
              devMode: true,
            },
          },
        ],
        apiApps: [{ appId: API, app: { projectId: PROJECT, name: "Typed api", authMethodType: "API_AUTH_METHOD_TYPE_PRIVATE_KEY_JWT" } }],
        // Seven digits of a second: a JavaScript Date keeps three, cut off (not rounded up to the next second).
        appKeys: [{ id: APP_KEY, appId: API, type: "KEY_TYPE_JSON", publicKey: base64(pem), expirationDate: "2031-02-03T04:05:06.9999999Z" }],
        userGrants: [{ userId: HUMAN, projectId: PROJECT, roleKeys: ["reader"] }],
        orgMembers: [{ userId: HUMAN, roles: ["ORG_OWNER"] }],
        projectMembers: [{ projectId: PROJECT, userId: HUMAN, roles: ["PROJECT_OWNER"] }],
      },
    ],
  };
}

/** The org as the REST export gives it. */
async function exported(): Promise<Json> {
  const res = await admin.all.find((t) => t.name === "rest")!.call("ExportData", { orgIds: [ORG], responseOutput: true, timeout: "1m" }, pat);
  assert.ok(res.ok, JSON.stringify(res));
  const orgs = res.body.orgs as Json[];
  assert.equal(orgs.length, 1, JSON.stringify(res.body));
  return orgs[0]!;
}

const find = (org: Json, part: string) => (org[part] as Json[])[0] as Json;

describe("a document with every kind of value imports the same over REST, gRPC and gRPC-web", () => {
  const exports = new Map<string, Json>();
  for (const t of admin.all) {
    it(`${t.name}: imported without errors, and exported with the values the document gave`, async () => {
      await ctl("/reset", { method: "POST" });
      const res = await t.call("ImportData", { dataOrgsv1: document(), timeout: "1m" }, pat);
      assert.ok(res.ok, JSON.stringify(res));
      assert.deepEqual(res.body.errors ?? [], [], JSON.stringify(res.body));
      const org = await exported();
      exports.set(t.name, org);
      assert.equal(find(org, "appKeys").expirationDate, "2031-02-03T04:05:06.999Z");
      assert.equal(Buffer.from(String(find(org, "userMetadata").value), "base64").toString("utf8"), METADATA);
      assert.equal(Buffer.from(String(find(org, "appKeys").publicKey), "base64").toString("utf8"), pem);
      const human = find(org, "humanUsers");
      assert.equal(human.state, "USER_STATE_LOCKED");
      assert.equal(((human.user as Json).profile as Json).gender, "GENDER_DIVERSE");
      assert.equal(find(org, "machineUsers").state, "USER_STATE_INACTIVE");
      assert.equal((find(org, "machineUsers").user as Json).accessTokenType, "ACCESS_TOKEN_TYPE_JWT");
      const web = find(org, "oidcApps").app as Json;
      const given = (document().orgs[0]!.oidcApps as Json[])[0]!.app as Json;
      for (const k of ["responseTypes", "grantTypes", "appType", "authMethodType", "accessTokenType", "devMode", "idTokenUserinfoAssertion"])
        assert.deepEqual(web[k], given[k], k);
      assert.match(String(web.clockSkew), /^1\.5(00)?s$/);
      assert.equal((find(org, "apiApps").app as Json).authMethodType, "API_AUTH_METHOD_TYPE_PRIVATE_KEY_JWT");
      const domain = (org.domains as Json[]).find((d) => d.domainName === "typed-import.example");
      assert.deepEqual([domain?.isVerified, domain?.isPrimary], [true, true], JSON.stringify(org.domains));
    });
  }

  it("the three exports are the same document", () => {
    assert.equal(exports.size, 3, "every transport imported");
    assert.deepEqual(exports.get("grpc"), exports.get("rest"));
    assert.deepEqual(exports.get("grpc-web"), exports.get("rest"));
  });
});

describe("a decoded value proto3 JSON cannot write (a Timestamp or Duration beyond its range) over gRPC-web", () => {
  const client = createClient(AdminService, createGrpcWebTransport({ baseUrl: emu.url }));

  it("is an error at its item, and nothing is written", async () => {
    await ctl("/reset", { method: "POST" });
    const before = dump();
    // Year 31,690,708 and 31,709,791 years: the binary form carries them, proto3 JSON has no text for them.
    const far = { seconds: 10n ** 15n };
    const orgs = [
      {
        orgId: ORG,
        org: { name: "Out of range" },
        appKeys: [{ id: APP_KEY, appId: API, expirationDate: far }],
        oidcApps: [{ appId: WEB, app: { projectId: PROJECT, name: "Web", redirectUris: ["http://localhost:3000/cb"], clockSkew: far } }],
      },
    ];
    const res = await client
      .importData({ data: { case: "dataOrgsv1", value: { orgs } }, timeout: "1m" }, { headers: { authorization: `Bearer ${pat}` } })
      .catch((e: unknown) => ConnectError.from(e));
    assert.ok(!(res instanceof ConnectError), String(res));
    assert.deepEqual(
      res.errors.map((e) => [e.type, e.id, e.path, e.message]),
      [
        [
          "oidc_app",
          WEB,
          "orgs[0].oidcApps[0]",
          "ID=IMPORT-invalid Message=orgs[0].oidcApps[0]: cannot encode message google.protobuf.Duration to JSON: value out of range",
        ],
        [
          "app_key",
          APP_KEY,
          "orgs[0].appKeys[0]",
          "ID=IMPORT-invalid Message=orgs[0].appKeys[0]: cannot encode message google.protobuf.Timestamp to JSON: " +
            "must be from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z inclusive",
        ],
      ],
    );
    assert.deepEqual(res.success?.orgs ?? [], []);
    assert.equal(dump(), before, "nothing written");
  });
});

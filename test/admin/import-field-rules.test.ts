// The resource API's field rules on the org import (issue 24, item 2), over REST, gRPC and
// gRPC-web: a 20 MB org name, a user name of 201 characters, an e-mail without a domain, a redirect
// URI without a scheme, an org member without roles. Each is an import error with its document path
// and the rule's id, the reason in the resource API's own words (the same rule read from proto/),
// and nothing is written. The resource API refuses the same values with the same reason.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { databaseDump } from "../helpers/dump.js";
import { ADMIN_SERVICE } from "../helpers/transports.js";
import { fails } from "../helpers/assertions.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";
import { SvcOrganizations } from "../../emulator/src/gen/svc/resources/org/v3alpha/org_service_pb.js";

const { emu, pat, transports } = await setUpResourceTest();
const dump = databaseDump(emu);
const admin = transports(ADMIN_SERVICE);
const orgs = transports({
  service: SvcOrganizations,
  protoFile: "svc/resources/org/v3alpha/org_service.proto",
  routes: { CreateOrganization: { verb: "POST", path: `${B}/organizations`, body: "organization" } },
});

type ImportError = { type: string; id: string; message: string; path: string };
const LENGTH = "value length must be between 1 and 200 runes, inclusive";

function document(over: { name?: string; userName?: string; email?: string; redirect?: string; roles?: string[] }) {
  const [org, user, project, app] = ["724600000000000001", "724600000000000002", "724600000000000003", "724600000000000004"];
  return {
    orgs: [
      {
        orgId: org,
        org: { name: over.name ?? "Rules" },
        humanUsers: [
          {
            userId: user,
            user: { userName: over.userName ?? "rules", profile: { firstName: "R", lastName: "U" }, email: { email: over.email ?? "rules@acme.example" } },
          },
        ],
        projects: [{ projectId: project, project: { name: "P" } }],
        oidcApps: [{ appId: app, app: { projectId: project, name: "Web", redirectUris: [over.redirect ?? "http://localhost:3000/cb"] } }],
        orgMembers: [{ userId: user, roles: over.roles ?? ["ORG_OWNER"] }],
      },
    ],
  };
}

describe("an import applies the resource API's field rules, on every transport", () => {
  for (const t of admin.all) {
    it(`${t.name}: a 20 MB org name is refused at orgs[0].org.name, nothing written`, async () => {
      const before = dump();
      // A generous deadline: 20 MB take a while to encode, decode and check on a busy machine.
      const res = await t.call("ImportData", { dataOrgsv1: document({ name: "n".repeat(20 * 1024 * 1024) }), timeout: "1m" }, pat, { deadlineMs: 120_000 });
      assert.ok(res.ok, JSON.stringify(res).slice(0, 300));
      assert.deepEqual(res.body.errors as ImportError[], [
        {
          type: "org",
          id: "724600000000000001",
          message: `ID=VALIDATE-string.max_len Message=orgs[0].org.name: ${LENGTH}`,
          path: "orgs[0].org.name",
        },
      ]);
      assert.equal(dump(), before);
    });

    it(`${t.name}: a long user name, an e-mail without a domain, a URI without a scheme and a member without roles, each at its path`, async () => {
      const before = dump();
      const doc = document({ userName: "u".repeat(201), email: "rules@localhost", redirect: "www.example.com/cb", roles: [] });
      const res = await t.call("ImportData", { dataOrgsv1: doc, timeout: "1m" }, pat);
      assert.ok(res.ok, JSON.stringify(res).slice(0, 300));
      // In document order, which over gRPC is the order of the fields' numbers (the decoded message's JSON).
      assert.deepEqual(
        (res.body.errors as ImportError[]).map((e) => [e.path, e.type, e.message]).sort(),
        [
          ["orgs[0].humanUsers[0].user.userName", "human_user", `ID=VALIDATE-string.max_len Message=orgs[0].humanUsers[0].user.userName: ${LENGTH}`],
          [
            "orgs[0].humanUsers[0].user.email.email",
            "human_user",
            "ID=VALIDATE-string.email Message=orgs[0].humanUsers[0].user.email.email: value must be a valid email address",
          ],
          [
            "orgs[0].oidcApps[0].app.redirectUris[0]",
            "oidc_app",
            "ID=VALIDATE-string.uri Message=orgs[0].oidcApps[0].app.redirectUris[0]: value must be an absolute URI",
          ],
          [
            "orgs[0].orgMembers[0].roles",
            "org_member",
            "ID=VALIDATE-repeated.min_items Message=orgs[0].orgMembers[0].roles: value must contain at least 1 item(s)",
          ],
        ].sort(),
      );
      assert.equal(dump(), before);
    });
  }

  for (const t of orgs.all) {
    it(`${t.name}: the resource API refuses the same name with the same rule`, async () => {
      fails(await t.call("CreateOrganization", { organization: { name: "n".repeat(201) } }, pat), 3, 400, new RegExp(`organization\\.name: ${LENGTH}`));
    });
  }
});

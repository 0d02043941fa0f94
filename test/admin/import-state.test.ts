// The state an import document gives its users and orgs (issue 24, item 1): a user imported
// USER_STATE_INACTIVE or USER_STATE_LOCKED is that user from the start, as if the control API had
// deactivated or locked it: the resource API shows the state, the login page refuses the human, the
// token endpoint refuses the machine, and the export gives the state back. An org imported
// ORG_STATE_INACTIVE is inactive and exported so. States the emulator has not are refused with
// their path. Over REST, gRPC and gRPC-web.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { SignJWT } from "jose";
import { request } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { databaseDump } from "../helpers/dump.js";
import { ADMIN_SERVICE } from "../helpers/transports.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";

const { emu, pat, transports } = await setUpResourceTest();
const ctl = control(emu);
const dump = databaseDump(emu);
const admin = transports(ADMIN_SERVICE);
const key = generateKeyPairSync("rsa", { modulusLength: 2048 });
const publicPem = key.publicKey.export({ type: "spki", format: "pem" }) as string;

type Json = Record<string, unknown>;

/** An org with an inactive and a locked human and an inactive machine (with a key it could sign in with); ids from `n`. */
function document(n: number, orgState?: string) {
  const id = (k: number) => `7241000000000${n}${k}`;
  const human = (k: number, state: string) => ({
    userId: id(k),
    state,
    user: {
      userName: `state-${n}-${k}`,
      profile: { firstName: "In", lastName: "Active" },
      email: { email: `state-${n}-${k}@acme.tld`, isEmailVerified: true },
      password: "Password1!",
    },
  });
  return {
    orgs: [
      {
        orgId: id(0),
        org: { name: `Imported state ${n}` },
        ...(orgState ? { orgState } : {}),
        humanUsers: [human(1, "USER_STATE_INACTIVE"), human(2, "USER_STATE_LOCKED"), human(3, "USER_STATE_ACTIVE")],
        machineUsers: [{ userId: id(4), state: "USER_STATE_INACTIVE", user: { userName: `state-machine-${n}`, name: "Machine" } }],
        machineKeys: [{ keyId: id(5), userId: id(4), type: "KEY_TYPE_JSON", publicKey: Buffer.from(publicPem).toString("base64") }],
      },
    ],
  };
}

const stateInApi = async (userId: string) => ((await request(`${emu.url}${B}/users/${userId}`, { token: pat })).body as { user: { state: string } }).user.state;
const loginStatus = async (userId: string) => {
  const flow = (await ctl.as("runFlow", "/flows", { method: "POST", json: { flow: "authorization_code", clientId: "demo-browser", userId } })).body;
  return flow.steps.find((s) => s.name === "login")?.response?.status;
};
/** The JWT profile grant of the machine with the key the document gave it. */
const machineToken = async (userId: string, keyId: string) => {
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: "RS256", kid: keyId })
    .setIssuer(userId)
    .setSubject(userId)
    .setAudience(emu.issuer)
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(key.privateKey);
  return request(`${emu.url}/oauth/v2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion, scope: "openid" }).toString(),
  });
};

describe("an import keeps the state its document gives users and orgs, on every transport", () => {
  for (const [n, t] of admin.all.entries()) {
    it(`${t.name}: inactive and locked users are refused at login and tokens, shown by the API and exported back`, async () => {
      const doc = document(n);
      const orgId = doc.orgs[0]!.orgId;
      const [inactive, locked, active] = doc.orgs[0]!.humanUsers.map((h) => h.userId);
      const machine = doc.orgs[0]!.machineUsers[0]!.userId;
      const imported = await t.call("ImportData", { dataOrgsv1: doc, timeout: "1m" }, pat);
      assert.ok(imported.ok, JSON.stringify(imported));
      assert.equal(((imported.body.errors as unknown[]) ?? []).length, 0, JSON.stringify(imported.body));

      assert.equal(await stateInApi(inactive!), "USER_STATE_INACTIVE");
      assert.equal(await stateInApi(locked!), "USER_STATE_LOCKED");
      assert.equal(await stateInApi(active!), "USER_STATE_ACTIVE");
      assert.equal(await stateInApi(machine), "USER_STATE_INACTIVE");
      assert.equal(await loginStatus(inactive!), 403, "an inactive human cannot sign in");
      assert.equal(await loginStatus(locked!), 403, "a locked human cannot sign in");
      assert.equal(await loginStatus(active!), 302, "an active one can");
      const refused = await machineToken(machine, doc.orgs[0]!.machineKeys[0]!.keyId);
      assert.equal(refused.status, 400, refused.text);
      assert.deepEqual(refused.body, { error: "invalid_grant", error_description: "the user is locked or deactivated" });

      const exported = await t.call("ExportData", { orgIds: [orgId], responseOutput: true, timeout: "1m" }, pat);
      assert.ok(exported.ok, JSON.stringify(exported));
      const org = (exported.body.orgs as Json[])[0]!;
      assert.equal(org.orgState, "ORG_STATE_ACTIVE");
      assert.deepEqual(
        (org.humanUsers as Json[]).map((u) => [u.userId, u.state]),
        [
          [inactive, "USER_STATE_INACTIVE"],
          [locked, "USER_STATE_LOCKED"],
          [active, "USER_STATE_ACTIVE"],
        ],
      );
      assert.deepEqual(
        (org.machineUsers as Json[]).map((u) => [u.userId, u.state]),
        [[machine, "USER_STATE_INACTIVE"]],
      );

      // Reactivated through the control API, the imported machine gets its token.
      assert.equal((await ctl(`/users/${machine}/_reactivate`, { method: "POST" })).status, 200);
      assert.equal((await machineToken(machine, doc.orgs[0]!.machineKeys[0]!.keyId)).status, 200);
    });
  }

  // `orgState` is a field of the admin DataOrg (an export), not of the v1 DataOrg that gRPC's
  // data_orgsv1 is: only the JSON document (REST, the control API) can carry it.
  it("rest: an org imported inactive is inactive in the resource API and exported so", async () => {
    const rest = admin.all.find((t) => t.name === "rest")!;
    const doc = document(5, "ORG_STATE_INACTIVE");
    const orgId = doc.orgs[0]!.orgId;
    const imported = await rest.call("ImportData", { dataOrgsv1: doc, timeout: "1m" }, pat);
    assert.ok(imported.ok, JSON.stringify(imported));
    assert.equal(((imported.body.errors as unknown[]) ?? []).length, 0, JSON.stringify(imported.body));
    const got = await request(`${emu.url}${B}/organizations/${orgId}`, { token: pat });
    assert.equal((got.body as { organization: { state: string } }).organization.state, "ORGANIZATION_STATE_INACTIVE", got.text);
    const exported = await rest.call("ExportData", { orgIds: [orgId], responseOutput: true, timeout: "1m" }, pat);
    assert.equal((exported.ok && (exported.body.orgs as Json[])[0]!.orgState) || JSON.stringify(exported), "ORG_STATE_INACTIVE");
  });

  it("states the emulator has not (deleted, suspended users; a removed org) are refused with their paths, nothing written", async () => {
    const doc = document(9, "ORG_STATE_REMOVED");
    doc.orgs[0]!.humanUsers[0]!.state = "USER_STATE_DELETED";
    doc.orgs[0]!.machineUsers[0]!.state = "USER_STATE_SUSPEND";
    const before = dump();
    const res = await request(`${emu.url}/admin/v1/import`, { method: "POST", token: pat, json: { dataOrgsv1: doc, timeout: "1m" } });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      (res.body as { errors: { path: string; type: string }[] }).errors.map((e) => [e.path, e.type]),
      [
        ["orgs[0].humanUsers[0].state", "human_user"],
        ["orgs[0].machineUsers[0].state", "machine_user"],
        ["orgs[0].orgState", "org"],
      ],
    );
    assert.equal(dump(), before);
  });
});

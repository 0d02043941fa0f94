// The reserved scopes and claim shapes (wire-facts 6.3, 6.4): user metadata, resource owner, org by
// id and by primary domain (which also restrict who may sign in), role scopes, roles limited to
// granting orgs, and roles of every project in the audience.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as client from "openid-client";
import { startTestEmulator } from "../helpers/emulator.js";
import { rawControl as control } from "../helpers/control-client.js";
import { Browser } from "../helpers/browser.js";
import { defaultFixtures } from "../helpers/fixtures.js";

const fixtures = defaultFixtures();
const inst = fixtures.instances[0]!;
const alice = inst.orgs[0]!.users!.find((u) => u.username === "alice")!;
if (alice.type === "human") alice.metadata = { tier: "gold", ünïcode: "✓" };
inst.orgs.push({
  name: "Partner",
  users: [{ type: "human", username: "pat", firstName: "Pat", lastName: "Partner", email: "pat@partner.test", password: "Password1!" }],
});
const emu = await startTestEmulator({ fixtures });
const ctl = control(emu);
const insecure = { execute: [client.allowInsecureRequests] };
const app = await client.discovery(new URL(emu.issuer), "demo-browser", undefined, client.None(), insecure);
const ids = async (type: string) => (await ctl.as("events", `/events?type=${type}`)).body.events;
const partnerOrg = (await ids("org.added")).find((e) => e.payload.name === "Partner")!.aggregateId;
const demoProject = (await ids("project.added"))[0]!.aggregateId;

async function signIn(user: string, scope: string) {
  const verifier = client.randomPKCECodeVerifier();
  const url = client.buildAuthorizationUrl(app, {
    redirect_uri: "http://localhost:3000/callback",
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  const b = new Browser(emu.url);
  const page = await b.go(url.toString());
  const done = await b.submit(page, "login", { loginName: user, password: "Password1!" });
  if (done.status !== 302) return { page: done };
  const tokens = await client.authorizationCodeGrant(app, new URL(done.url), { pkceCodeVerifier: verifier });
  return { tokens, info: await client.fetchUserInfo(app, tokens.access_token, client.skipSubjectCheck), login: page };
}

describe("reserved scopes", () => {
  it("asserts metadata as base64url values and the resource owner", async () => {
    const { info } = await signIn("alice", "openid urn:svc:iam:user:metadata urn:svc:iam:user:resourceowner");
    assert.deepEqual(info!["urn:svc:iam:user:metadata"], { tier: Buffer.from("gold").toString("base64url"), ünïcode: Buffer.from("✓").toString("base64url") });
    assert.equal(info!["urn:svc:iam:user:resourceowner:name"], "Emulator Org");
    assert.equal(info!["urn:svc:iam:user:resourceowner:primary_domain"], "emulator-org.localhost");
  });

  it("lets only users of the org named by urn:svc:iam:org:id sign in, and asserts it", async () => {
    const scope = `openid urn:svc:iam:org:id:${partnerOrg}`;
    const refused = await signIn("alice", scope);
    assert.equal(refused.page!.status, 403);
    assert.match(refused.page!.html, /does not belong to the organization/);
    const { info, login } = await signIn("pat", scope);
    assert.doesNotMatch(login!.html, /Alice Allen/, "the shortcut lists only the org's users");
    assert.equal(info!["urn:svc:iam:org:id"], partnerOrg);
    assert.equal(info!["urn:svc:iam:user:resourceowner:id"], partnerOrg);
  });

  it("restricts and asserts by primary domain", async () => {
    const scope = "openid urn:svc:iam:org:domain:primary:partner.localhost";
    assert.equal((await signIn("alice", scope)).page!.status, 403);
    assert.equal((await signIn("pat", scope)).info!["urn:svc:iam:org:domain:primary"], "partner.localhost");
  });

  it("limits roles to the role scopes and to granting orgs", async () => {
    const onlyAdmin = await signIn("alice", "openid urn:svc:iam:org:project:role:admin");
    assert.deepEqual(Object.keys(onlyAdmin.info!["urn:svc:iam:org:project:roles"] as object), ["admin"]);
    const fromPartner = await signIn("alice", `openid urn:svc:iam:org:roles:id:${partnerOrg}`);
    assert.equal(fromPartner.info!["urn:svc:iam:org:project:roles"], undefined);
  });

  it("asserts roles per project of the audience with urn:svc:iam:org:projects:roles", async () => {
    const { info } = await signIn("alice", `openid urn:svc:iam:org:projects:roles urn:svc:iam:org:project:id:${demoProject}:aud`);
    assert.deepEqual(Object.keys(info![`urn:svc:iam:org:project:${demoProject}:roles`] as object).sort(), ["admin", "editor"]);
  });
});

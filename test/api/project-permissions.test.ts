// Memberships in projects and project grants, and the org-scoped checks of the other services
// (issue 9 item 6), over HTTP/JSON: the roles each new context offers, a project owner managing
// its project's members only, a project grant owner acting on its grant's user grants only, and
// org owners' domains, sessions, IDPs and settings limited to their org.

import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { request } from "../helpers/emulator.js";
import { memberToken } from "../helpers/members.js";
import { setUpResourceTest } from "../helpers/resource-test.js";

const { emu, pat, reset } = await setUpResourceTest();
const B = `${emu.url}/resources/v3alpha`;
const call = (method: string, path: string, token: string, json?: unknown) =>
  request(`${path.startsWith("/settings") ? emu.url : B}${path}`, { method, token, ...(json !== undefined ? { json } : {}) });
const created = async (path: string, json: unknown, token = pat) => {
  const res = await call("POST", path, token, json);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return (res.body as { details: { id: string } }).details.id;
};
/** Status, and for an error the detail id, of a response. */
const outcome = (res: { status: number; body: unknown }) => [res.status, (res.body as { details?: { id?: string }[] } | undefined)?.details?.[0]?.id];
const idsOf = (res: { body: unknown }) => ((res.body as { result?: { details: { id: string } }[] }).result ?? []).map((r) => r.details.id);
const human = (username: string) => ({ username, profile: { givenName: username, familyName: "Test" }, email: { email: `${username}@example.test` } });

describe("permissions of project and project grant memberships, and org-scoped services", () => {
  let orgA = "";
  let orgB = "";
  let projA = "";
  let projB = "";
  let grant = "";
  let humanA = "";
  let humanB = "";

  before(async () => {
    await reset();
    orgA = await created("/organizations", { name: "Org A" });
    orgB = await created("/organizations", { name: "Org B" });
    projA = await created(`/projects?organization.orgId=${orgA}`, { name: "Project A" });
    projB = await created(`/projects?organization.orgId=${orgB}`, { name: "Project B" });
    assert.equal((await call("POST", `/projects/${projA}/roles`, pat, { key: "reader", displayName: "Reader" })).status, 201);
    grant = await created("/grants/projects", { projectId: projA, grantedOrgId: orgB, roleKeys: ["reader"] });
    humanA = await created(`/users/human?organization.orgId=${orgA}`, human("human-a"));
    humanB = await created(`/users/human?organization.orgId=${orgB}`, human("human-b"));
  });

  it("lists the roles of project and project grant contexts and refuses others there", async () => {
    const keys = async (qs: string) =>
      (((await call("GET", `/memberships/roles?${qs}`, pat)).body as { roles: { key: string }[] }).roles ?? []).map((r) => r.key);
    assert.deepEqual(await keys(`ctx.projectId=${projA}`), ["PROJECT_OWNER", "PROJECT_OWNER_VIEWER"]);
    assert.deepEqual(await keys(`ctx.projectGrantId=${grant}`), ["PROJECT_GRANT_OWNER"]);
    const wrong = await call("POST", `/memberships?ctx.projectId=${projA}`, pat, { userId: humanA, roles: ["ORG_OWNER"] });
    assert.deepEqual(outcome(wrong), [400, "MEMBER-role-unknown"]);
    assert.deepEqual(outcome(await call("POST", "/memberships?ctx.projectId=404", pat, { userId: humanA, roles: ["PROJECT_OWNER"] })), [
      404,
      "CONTEXT-not-found",
    ]);
  });

  it("a PROJECT_OWNER manages the members of its project only and sees only them", async () => {
    const { token } = await memberToken(emu.url, pat, "p-owner", ["PROJECT_OWNER"], { projectId: projA });
    const viewer = await call("POST", `/memberships?ctx.projectId=${projA}`, token, { userId: humanA, roles: ["PROJECT_OWNER_VIEWER"] });
    assert.equal(viewer.status, 201, JSON.stringify(viewer.body));
    const id = (viewer.body as { details: { id: string; resourceOwner: unknown } }).details.id;
    assert.deepEqual((viewer.body as { details: { resourceOwner: unknown } }).details.resourceOwner, { type: "OWNER_TYPE_PROJECT", id: projA });
    assert.deepEqual(outcome(await call("POST", `/memberships?ctx.projectId=${projB}`, token, { userId: humanA, roles: ["PROJECT_OWNER_VIEWER"] })), [
      403,
      "AUTHZ-context",
    ]);
    assert.deepEqual(outcome(await call("POST", `/memberships?ctx.orgId=${orgA}`, token, { userId: humanA, roles: ["ORG_OWNER"] })), [403, "AUTHZ-context"]);
    const seen = await call("POST", "/memberships/_search", token, []);
    const all = ((seen.body as { result: { context: { type: string; id: string } }[] }).result ?? []).map((r) => r.context);
    assert.ok(all.length >= 2 && all.every((c) => c.type === "OWNER_TYPE_PROJECT" && c.id === projA), JSON.stringify(all));
    assert.equal((await call("PATCH", `/memberships/${id}`, token, { roles: ["PROJECT_OWNER"] })).status, 200);
    assert.equal((await call("DELETE", `/memberships/${id}`, token)).status, 200);
  });

  it("a PROJECT_GRANT_OWNER reads its grant and manages user grants of its org's users on the project", async () => {
    const { token } = await memberToken(emu.url, pat, "grant-owner", ["PROJECT_GRANT_OWNER"], { projectGrantId: grant }, orgB);
    assert.equal((await call("GET", `/grants/projects/${grant}`, token)).status, 200);
    assert.deepEqual(idsOf(await call("POST", "/grants/projects/_search", token, [])), [grant]);
    assert.deepEqual(outcome(await call("PATCH", `/grants/projects/${grant}`, token, { roleKeys: [] })), [403, "AUTHZ-HKJD33"]);
    const ug = await call("POST", "/grants/users", token, { userId: humanB, projectId: projA, roleKeys: ["reader"] });
    assert.equal(ug.status, 201, JSON.stringify(ug.body));
    assert.deepEqual(outcome(await call("POST", "/grants/users", token, { userId: humanA, projectId: projA, roleKeys: ["reader"] })), [403, "AUTHZ-HKJD33"]);
    assert.deepEqual(idsOf(await call("POST", "/grants/users/_search", token, [])), [(ug.body as { details: { id: string } }).details.id]);
    assert.deepEqual(outcome(await call("GET", `/projects/${projA}`, token)), [403, "AUTHZ-HKJD33"], "no project.read on the project itself");
  });

  it("an ORG_OWNER's domains, sessions, IDPs and settings stay in its org", async () => {
    const { token } = await memberToken(emu.url, pat, "org-owner", ["ORG_OWNER"], { orgId: orgA }, orgA);
    const domains = ((await call("POST", "/domains/_search", token, [])).body as { result: { orgId: string }[] }).result;
    assert.ok(domains.length > 0 && domains.every((d) => d.orgId === orgA), JSON.stringify(domains));
    const sA = await created("/sessions", { user: { userId: humanA } });
    const sB = await created("/sessions", { user: { userId: humanB } });
    assert.deepEqual(idsOf(await call("POST", "/sessions/_search", token, [])), [sA]);
    assert.deepEqual(outcome(await call("GET", `/sessions/${sB}`, token)), [403, "AUTHZ-HKJD33"]);
    assert.equal((await call("DELETE", `/sessions/${sA}`, token)).status, 200);
    const idp = { idp: { name: "GitLab A", statePolicy: "STATE_POLICY_ACTIVATE" }, config: { clientId: "c" } };
    assert.equal((await call("POST", `/idps/gitlab?ctx.orgId=${orgA}`, token, idp)).status, 201);
    assert.deepEqual(outcome(await call("POST", `/idps/gitlab?ctx.orgId=${orgB}`, token, idp)), [403, "AUTHZ-context"]);
    assert.deepEqual(outcome(await call("POST", "/idps/gitlab", token, idp)), [403, "AUTHZ-context"], "the instance is not its context");
    assert.equal((await call("PATCH", `/settings/v3alpha/languages?ctx.orgId=${orgA}`, token, { defaultLanguage: { key: "de" } })).status, 200);
    assert.deepEqual(outcome(await call("PATCH", `/settings/v3alpha/languages?ctx.orgId=${orgB}`, token, { defaultLanguage: { key: "de" } })), [
      403,
      "AUTHZ-context",
    ]);
  });

  it("IDPs and settings refuse project contexts, which are for memberships only", async () => {
    assert.deepEqual(outcome(await call("POST", `/idps/_search?ctx.projectId=${projA}`, pat, [])), [400, "CONTEXT-members-only"]);
    assert.deepEqual(outcome(await call("GET", `/settings/v3alpha/languages?ctx.projectGrantId=${grant}`, pat)), [400, "CONTEXT-members-only"]);
  });
});

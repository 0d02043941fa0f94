// renderer/src/api/answer-lists.ts: the lists proto3 JSON leaves out, given back as [] (maps as {}),
// on real answers of a running emulator (a search without hits, a project without roles), and on
// answers it must leave alone (other routes, lists that are there, values that are no object).

import { servedFrom } from "./browser-window.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { withLists } from "../../renderer/src/api/answer-lists.js";
import { resourceClient } from "../../renderer/src/api/resource.js";
import { request, startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator();
servedFrom(emu.url);
const B = "/resources/v3alpha";
const call = async (verb: string, path: string, json?: unknown) => {
  const r = await request(`${emu.url}${path}`, { method: verb, token: emu.adminPat, json });
  assert.ok(r.status < 300, r.text);
  return r.body as Record<string, unknown>;
};
const project = (await call("POST", `${B}/projects`, { name: "No roles" })) as { details: { id: string } };

describe("withLists", () => {
  it("gives a search without hits its empty result", async () => {
    const path = `${B}/users/_search?query.limit=5`;
    const raw = await call("POST", path, [{ username: { username: "nobody-has-this-name" } }]);
    assert.equal("result" in raw, false, "proto3 JSON leaves the empty list out");
    const filled = withLists("POST", path, structuredClone(raw));
    assert.deepEqual(filled, { ...raw, result: [] });
  });

  it("gives a project without roles its roles, and each found project its roles", async () => {
    const path = `${B}/projects/${project.details.id}`;
    const raw = (await call("GET", path)) as { project: Record<string, unknown> };
    assert.equal("roles" in raw.project, false);
    assert.deepEqual(withLists("GET", path, structuredClone(raw)), { ...raw, project: { ...raw.project, roles: [] } });
    const found = withLists("POST", `${B}/projects/_search`, await call("POST", `${B}/projects/_search`, [])) as { result: { roles: unknown[] }[] };
    assert.equal(found.result.length, 2);
    assert.deepEqual(found.result.map((p) => p.roles.length).sort(), [0, 3], "the seed's Demo keeps its three roles");
  });

  it("is applied to every answer of the renderer's resource client", async () => {
    const answer = await resourceClient(emu.adminPat).post<{ result: unknown[] }>("/targets/_search", []);
    assert.deepEqual(answer.result, []);
  });

  it("takes the route with fewer path variables when two match: /memberships/roles is not a membership", async () => {
    assert.deepEqual(withLists("GET", `${B}/memberships/roles`, {}), { roles: [] });
    assert.deepEqual(withLists("GET", `${B}/memberships/42`, {}), {}, "a membership whose inner object is left out stays without one");
    assert.deepEqual(withLists("GET", `${B}/memberships/42`, { membership: { membership: {} } }), { membership: { membership: { roles: [] } } });
    const roles = withLists("GET", `${B}/memberships/roles`, await call("GET", `${B}/memberships/roles`)) as { roles: { permissions: unknown[] }[] };
    assert.ok(roles.roles.length > 0);
    assert.ok(roles.roles.every((r) => Array.isArray(r.permissions)));
  });

  it("fills lists inside lists, and keeps lists and items that are there", () => {
    const answer = { result: [{ oidc: { redirectUris: ["http://x"] } }, { oidc: {} }, {}, "text", null] };
    assert.deepEqual(withLists("POST", `${B}/apps/_search`, answer), {
      result: [
        { oidc: { redirectUris: ["http://x"], responseTypes: [], grantTypes: [], postLogoutRedirectUris: [] } },
        { oidc: { redirectUris: [], responseTypes: [], grantTypes: [], postLogoutRedirectUris: [] } },
        {},
        "text",
        null,
      ],
    });
  });

  it("leaves answers of other routes, verbs and paths alone", () => {
    for (const [verb, path] of [
      ["GET", `${B}/users/_search`],
      ["POST", `${B}/users/_search/x`],
      ["POST", `/resources/v3alpha/users/_searchx`],
      ["GET", `${B}/projects/a/b`],
      ["POST", `${emu.url}${B}/users/_search`],
      ["POST", `${B}/users`],
      ["post", `${B}/users/_search`],
    ] as const)
      assert.deepEqual(withLists(verb, path, { details: {} }), { details: {} }, `${verb} ${path}`);
    assert.deepEqual(withLists("GET", `${B}/projects/a%2Fb?x=1`, { project: {} }), { project: { roles: [] } }, "an id with an escaped slash is one id");
  });

  it("gives back what is no object unchanged, and turns null lists into empty ones", () => {
    for (const value of [undefined, null, "text", 42, [1, 2]]) assert.deepEqual(withLists("POST", `${B}/users/_search`, value), value);
    assert.deepEqual(withLists("POST", `${B}/users/_search`, { result: null }), { result: [] });
  });

  it("leaves a list field that holds no list as it is, instead of failing", () => {
    assert.deepEqual(withLists("POST", `${B}/projects/_search`, { result: { roles: 1 } }), { result: { roles: 1 } });
    assert.deepEqual(withLists("POST", `${B}/projects/_search`, { result: "abc" }), { result: "abc" });
    assert.deepEqual(withLists("GET", `${B}/projects/1`, { project: [] }), { project: [] });
  });
});

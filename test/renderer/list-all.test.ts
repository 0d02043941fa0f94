// renderer/src/api/list-all.ts: every result of a paged search, through the renderer's resource
// client against a running emulator: past the API's page of 1,000, an empty search (proto3 JSON
// leaves out its total and its result), a path with a query of its own, and an aborted load.

import { servedFrom } from "./browser-window.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { listAll, PAGE_LIMIT } from "../../renderer/src/api/list-all.js";
import { resourceClient } from "../../renderer/src/api/resource.js";
import { request, startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator();
servedFrom(emu.url);
const resource = resourceClient(emu.adminPat);

// An org of 1,005 machine users, imported in one request: two pages.
const ORG = "900000000000000000";
const MANY = PAGE_LIMIT + 5;
const ids = Array.from({ length: MANY }, (_, i) => `90000000000000${1000 + i}`);
const imported = await request(`${emu.url}/admin/v1/import`, {
  method: "POST",
  token: emu.adminPat,
  json: {
    dataOrgsv1: {
      orgs: [{ orgId: ORG, org: { name: "Bots" }, machineUsers: ids.map((userId, i) => ({ userId, user: { userName: `bot-${i}`, name: `Bot ${i}` } })) }],
    },
    timeout: "2m",
  },
});
assert.equal(imported.status, 200, imported.text);
assert.deepEqual((imported.body as { errors?: unknown[] }).errors ?? [], [], imported.text.slice(0, 500));
type User = { details: { id: string } };

describe("listAll", () => {
  it("gets every result past the API's page of 1,000, each once", async () => {
    assert.equal(PAGE_LIMIT, 1000);
    const users = await listAll<User>(resource, "/users/_search", [{ organizationId: { id: ORG } }]);
    assert.equal(users.length, MANY);
    assert.deepEqual(users.map((u) => u.details.id).sort(), ids);
  });

  it("gets nothing from a search without hits, whose answer has no total and no result", async () => {
    const raw = await request(`${emu.url}/resources/v3alpha/users/_search`, { method: "POST", token: emu.adminPat, json: [{ organizationId: { id: "404" } }] });
    assert.equal("result" in (raw.body as object), false);
    assert.deepEqual(await listAll<User>(resource, "/users/_search", [{ organizationId: { id: "404" } }]), []);
  });

  it("joins its paging to a query the path has already", async () => {
    const orgId = (await listAll<User>(resource, "/organizations/_search")).find((o) => o.details.id !== ORG)!.details.id;
    const idps = await listAll(resource, `/idps/_search?ctx.orgId=${orgId}`);
    assert.deepEqual(idps, []);
    const all = await listAll<User>(resource, "/organizations/_search", []);
    assert.equal(all.length, 2);
  });

  it("stops when its signal aborts, with the abort", async () => {
    const controller = new AbortController();
    controller.abort();
    const aborted = await listAll(resource, "/users/_search", [], controller.signal).then(
      () => assert.fail("finished"),
      (e: Error) => e,
    );
    assert.equal(aborted.name, "AbortError");
  });
});

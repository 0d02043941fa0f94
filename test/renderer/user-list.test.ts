// renderer/src/screens/users/user-list.ts: the rows of the users a running emulator answers (loaded
// whole through the renderer's resource client and api/list-all.ts, as the users screen loads them),
// rows of answers with fields left out, and the filter over them (words, case, unicode, hostile text).

import { servedFrom } from "./browser-window.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { resourceClient } from "../../renderer/src/api/resource.js";
import { listAll } from "../../renderer/src/api/list-all.js";
import { type ApiUser, filterUsers, rowOf, stateClass } from "../../renderer/src/screens/users/user-list.js";
import { request, startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator();
servedFrom(emu.url);
const resource = resourceClient(emu.adminPat);

// A second org of 105 machine users, imported in one request.
const BIG_ORG = "900000000000000000";
const MANY = 105;
const machineUsers = Array.from({ length: MANY }, (_, i) => ({
  userId: `90000000000000${1000 + i}`,
  user: { userName: `bot-${String(i).padStart(4, "0")}`, name: i === 7 ? "Zoë Ünïcode 🚀" : `Bot ${i}` },
}));
const imported = await request(`${emu.url}/admin/v1/import`, {
  method: "POST",
  token: emu.adminPat,
  json: { dataOrgsv1: { orgs: [{ orgId: BIG_ORG, org: { name: "Bots" }, machineUsers }] }, timeout: "2m" },
});
assert.equal(imported.status, 200, imported.text);
assert.deepEqual((imported.body as { errors?: unknown[] }).errors ?? [], [], imported.text.slice(0, 500));
/** The rows of the users of an org (of the instance without one), as the users screen loads them. */
const loadUsers = async (orgId?: string) => (await listAll<ApiUser>(resource, "/users/_search", orgId ? [{ organizationId: { id: orgId } }] : [])).map(rowOf);

describe("rowOf, on the users a running emulator answers", () => {
  it("makes a row of each user of an org", async () => {
    const rows = await loadUsers(BIG_ORG);
    assert.equal(rows.length, MANY);
    assert.deepEqual(
      rows.map((r) => r.id).sort(),
      machineUsers.map((u) => u.userId),
    );
    assert.ok(rows.every((r) => r.orgId === BIG_ORG && r.kind === "machine" && r.state === "active"));
    assert.deepEqual(rows.find((r) => r.id === machineUsers[7]!.userId)!.text, `bot-0007@bots.localhost\nzoë ünïcode 🚀\n\n${machineUsers[7]!.userId}`);
  });

  it("makes rows of the seeded users with their names, emails and states", async () => {
    const rows = (await loadUsers()).filter((r) => r.orgId !== BIG_ORG);
    const alice = rows.find((r) => r.user.human?.username === "alice")!;
    assert.deepEqual(
      { name: alice.name, kind: alice.kind, state: alice.state, text: alice.text },
      { name: "Alice Allen", kind: "human", state: "active", text: `alice@emulator-org.localhost\nalice allen\nalice@svc-emulator.localhost\n${alice.id}` },
    );
    assert.deepEqual(rows.map((r) => r.user.human?.username ?? r.user.machine?.username).sort(), ["admin", "admin-sa", "alice", "bob", "demo-worker"]);
  });
});

describe("filterUsers", () => {
  const rowsOf = async () => loadUsers(BIG_ORG);

  it("keeps the rows that contain every word, in any case, in login name, name, email or id", async () => {
    const rows = await rowsOf();
    assert.deepEqual(
      filterUsers(rows, "BOT-0012").map((r) => r.user.machine!.username),
      ["bot-0012"],
    );
    assert.deepEqual(
      filterUsers(rows, "  bot-0007\t @BOTS  ").map((r) => r.user.machine!.username),
      ["bot-0007"],
      "every word, white space of any kind between",
    );
    assert.deepEqual(filterUsers(rows, "bot-0007 alice"), [], "a word no field of the row holds");
    assert.deepEqual(
      filterUsers(rows, "zoË 🚀").map((r) => r.name),
      ["Zoë Ünïcode 🚀"],
      "unicode, any case",
    );
    assert.deepEqual(
      filterUsers(rows, "900000000000001105").map((r) => r.id),
      [],
      "an id that is not there",
    );
    assert.deepEqual(
      filterUsers(rows, "900000000000001104").map((r) => r.id),
      ["900000000000001104"],
      "by id",
    );
  });

  it("gives back the same rows for an empty or blank query, and none for text no row holds", async () => {
    const rows = await rowsOf();
    assert.equal(filterUsers(rows, ""), rows);
    assert.equal(filterUsers(rows, " \n\t "), rows);
    assert.deepEqual(filterUsers(rows, ".*"), [], "text, not a pattern");
    assert.deepEqual(filterUsers(rows, "x".repeat(10_000)), []);
    assert.deepEqual(filterUsers([], "bot"), []);
  });
});

describe("rowOf and stateClass", () => {
  const human: ApiUser = {
    details: { id: "1", resourceOwner: { type: "OWNER_TYPE_ORG", id: "o" } },
    state: "USER_STATE_LOCKED",
    loginName: "Ann@Org.Localhost",
    human: { username: "ann", profile: { givenName: "Ann", familyName: "Ä" }, email: { email: "ANN@x.test" } },
  };

  it("makes a row of a human and of a machine, its state without the enum's prefix", () => {
    assert.deepEqual(rowOf(human), {
      user: human,
      id: "1",
      name: "Ann Ä",
      kind: "human",
      orgId: "o",
      state: "locked",
      text: "ann@org.localhost\nann ä\nann@x.test\n1",
    });
    const machine: ApiUser = { details: { id: "2" }, state: "USER_STATE_INACTIVE", loginName: "m", machine: { username: "m", name: "" } };
    assert.deepEqual(
      { ...rowOf(machine), user: undefined },
      { user: undefined, id: "2", name: "", kind: "machine", orgId: "", state: "inactive", text: "m\n\n\n2" },
    );
  });

  it("makes a row of an answer with every field left out (proto3 JSON omits the defaults)", () => {
    assert.deepEqual({ ...rowOf({}), user: undefined }, { user: undefined, id: "", name: "", kind: "machine", orgId: "", state: "", text: "\n\n\n" });
    assert.deepEqual(rowOf({ human: {} }).name, " ", "a human without a profile");
    assert.deepEqual(rowOf({ human: { profile: { givenName: "Ann" } } }).text, "\nann \n\n");
  });

  it("marks only the active state as fine", () => {
    assert.deepEqual(["active", "locked", "inactive", ""].map(stateClass), ["badge badge-ok", "badge badge-warn", "badge badge-warn", "badge badge-warn"]);
  });
});

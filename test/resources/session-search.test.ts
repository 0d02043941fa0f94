// SvcSessions' search (domain/login-session queries): the user and active filters hold together,
// newest first by default and oldest first with asc; ended sessions are found as inactive.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { SvcSessions } from "../../emulator/src/gen/svc/resources/session/v3alpha/session_service_pb.js";
import { ok } from "../helpers/assertions.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { transportsFor } from "../helpers/transports.js";

const emu = await startTestEmulator();
const pat = emu.adminPat;
const B = "/resources/v3alpha";
const sessions = transportsFor(emu.url, {
  service: SvcSessions,
  protoFile: "svc/resources/session/v3alpha/session_service.proto",
  routes: {
    CreateSession: { verb: "POST", path: `${B}/sessions`, body: "checks" },
    DeleteSession: { verb: "DELETE", path: `${B}/sessions/{id}` },
    SearchSessions: { verb: "POST", path: `${B}/sessions/_search`, body: "filters" },
  },
});
const s = sessions.all[0]!;

const create = async (loginName: string) =>
  (ok(await s.call("CreateSession", { checks: { user: { loginName }, password: { password: "Password1!" } } }, pat), 201).details as { id: string }).id;
const search = async (body: Record<string, unknown>) =>
  ((ok(await s.call("SearchSessions", body as never, pat)).result ?? []) as { details: { id: string } }[]).map((r) => r.details.id);

describe("searching sessions", () => {
  it("filters by user and activity and orders by creation", async () => {
    const alice1 = await create("alice");
    const bob = await create("bob");
    const alice2 = await create("alice");
    ok(await s.call("DeleteSession", { id: alice1 }, pat));
    const aliceId = (ok(await s.call("SearchSessions", { filters: [] } as never, pat)).result as { details: { id: string }; userId: string }[]).find(
      (r) => r.details.id === alice2,
    )!.userId;
    assert.deepEqual(await search({ filters: [] }), [alice2, bob, alice1]);
    assert.deepEqual(await search({ filters: [], query: { asc: true } }), [alice1, bob, alice2]);
    assert.deepEqual(await search({ filters: [{ userId: { id: aliceId } }] }), [alice2, alice1]);
    assert.deepEqual(await search({ filters: [{ userId: { id: aliceId } }, { active: { active: true } }] }), [alice2]);
    assert.deepEqual(await search({ filters: [{ active: { active: false } }] }), [alice1]);
    // Each session's details carry its own sequence: one event for a live session, two for an ended one.
    const sequences = (ok(await s.call("SearchSessions", { filters: [] } as never, pat)).result as { details: { id: string; sequence: unknown } }[]).map(
      (r) => [r.details.id, String(r.details.sequence)],
    );
    assert.deepEqual(sequences, [
      [alice2, "1"],
      [bob, "1"],
      [alice1, "2"],
    ]);
    sessions.close();
  });
});

// Reset and restore are complete (issue 16): after a busy session on a data dir (resource API writes,
// tokens, an outbox message, a recorded target call, a second instance, a snapshot, an import), reset
// gives a database equal, table by table and row by row, to the one the emulator had right after
// seeding, and restoring a snapshot gives exactly the database it saved.

import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startEmulator } from "../../emulator/src/index.js";
import { internals } from "../../emulator/src/internal.js";
import { control, request, requestWithHost } from "../helpers/emulator.js";
import { startTargetServer } from "../helpers/target-server.js";

const dataDir = mkdtempSync(join(tmpdir(), "svc-emulator-reset-"));
after(() => rmSync(dataDir, { recursive: true, force: true }));

for (const mode of ["data dir", "in memory"]) {
  const emu = await startEmulator({ port: 0, ...(mode === "data dir" ? { dataDir } : { inMemory: true }) });
  after(() => emu.close());
  const ctl = control(emu);
  const db = internals(emu).core.db;
  const api = (path: string, init: Parameters<typeof request>[1] = {}) => request(`${emu.url}/resources/v3alpha${path}`, { token: emu.adminPat, ...init });

  /** Every table (sqlite_sequence included) with every row in rowid order, and the schema itself. */
  function dump(): Record<string, unknown[]> {
    const out: Record<string, unknown[]> = { sqlite_master: db.stmt("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").all() };
    for (const { name } of db.stmt("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[])
      out[name] = db.stmt(`SELECT * FROM "${name}" ORDER BY rowid`).all();
    return out;
  }

  const count = (table: string) => (db.stmt(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n;

  async function created(path: string, json: unknown): Promise<string> {
    const r = await api(path, { method: "POST", json });
    assert.equal(r.status, 201, `${path}: ${r.text}`);
    return (r.body as { details: { id: string } }).details.id;
  }

  /** Writes of every kind: resources, executions calling a target, tokens, an email, a second instance, an import. */
  async function busySession(tag: string): Promise<void> {
    const target = await startTargetServer();
    const targetId = await created("/targets", { name: `hook-${tag}`, restWebhook: { url: target.url("/hook") }, timeout: "5s" });
    const put = await api("/executions", { method: "POST", json: { condition: { event: { event: "user.human.added" } }, targets: [targetId] } });
    assert.ok([200, 201].includes(put.status), put.text);
    await created("/users/human", { username: `dana-${tag}`, profile: { givenName: "Dana", familyName: "D" }, email: { email: `dana-${tag}@example.test` } });
    await created("/projects", { name: `shop-${tag}` });
    await created("/organizations", { name: `org-${tag}` });
    await created("/instances", { name: `second-${tag}`, domains: [`second-${tag}.localhost`] });
    const token = await fetch(`${emu.url}/oauth/v2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from("demo-worker:demo-worker-secret").toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials&scope=openid",
    });
    assert.equal(token.status, 200);
    const imported = await ctl("/orgs/_import", {
      method: "POST",
      json: {
        document: {
          orgs: [{ org: { name: `imported-${tag}` }, humanUsers: [{ user: { userName: `imp-${tag}`, profile: { firstName: "I", lastName: "M" } } }] }],
        },
      },
    });
    assert.equal(imported.status, 200, imported.text);
    const home = (db.stmt("SELECT id FROM instances ORDER BY rowid LIMIT 1").get() as { id: string }).id;
    assert.equal((await ctl(`/instances/${home}/keys/_rotate`, { method: "POST" })).status, 200);
    // Event executions and the outbox run after the commit: wait until the target call is recorded.
    for (let i = 0; i < 100 && count("target_calls") === 0; i++) await sleep(20);
  }

  const searchOnSecond = () =>
    requestWithHost(emu.port, "/resources/v3alpha/targets/_search", `second-one.localhost:${emu.port}`, {
      method: "POST",
      headers: { authorization: `Bearer ${emu.adminPat}` },
      body: "[]",
    });

  describe(`reset and restore give whole databases (${mode})`, () => {
    it("reset after a busy session equals the freshly seeded database; restore equals the snapshot", async () => {
      const fresh = dump();
      await busySession("one");
      for (const table of ["tokens", "target_calls", "outbox", "signing_keys"]) assert.ok(count(table) > 0, `the session wrote ${table}`);
      assert.equal(count("instances"), 2);
      assert.equal((await searchOnSecond()).status, 200);
      assert.equal((await ctl("/snapshots", { method: "POST", json: { name: "busy" } })).status, 201);
      const saved = dump();
      await busySession("two");

      assert.equal((await ctl("/reset", { method: "POST" })).status, 200);
      assert.deepEqual(dump(), fresh);
      // Nothing of the session lingers outside the database: the second instance's domain is not served any more.
      const second = await searchOnSecond();
      assert.deepEqual(
        [second.status, (JSON.parse(second.text) as { message: string }).message],
        [403, `Host "second-one.localhost:${emu.port}" is not served here: use localhost or an instance domain`],
      );

      assert.equal((await ctl("/snapshots/busy/_restore", { method: "POST" })).status, 200);
      assert.deepEqual(dump(), saved);
      await busySession("three");
      assert.equal((await ctl("/reset", { method: "POST" })).status, 200);
      assert.deepEqual(dump(), fresh);
    });
  });
}

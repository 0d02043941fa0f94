// Issue 26: a data dir of schema version 18 (the version before ids became per instance), written by
// the emulator of that version (data-dir-v18.sql: its default seed and one client_credentials token),
// opens under this one: version 19 rebuilds the tables with (instance, id) keys and every row is found
// where it was, and the seed's adminPat and clients still work.

import "../helpers/key-stock-env.js";
import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator } from "../../emulator/src/index.js";
import { internals } from "../../emulator/src/internal.js";
import { Database } from "../../emulator/src/store/database.js";
import { request } from "../helpers/emulator.js";

const dir = mkdtempSync(join(tmpdir(), "svc-emulator-v18-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const file = join(dir, "emulator.sqlite");
const old = new Database(file);
old.exec(readFileSync(new URL("./data-dir-v18.sql", import.meta.url), "utf8"));
old.userVersion = 18;
const tables = (old.stmt("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map(
  (t) => t.name,
);
const columnsOf = (db: Database, table: string) => (db.stmt(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).map((c) => c.name);
const oldColumns = new Map(tables.map((t) => [t, columnsOf(old, t)]));
/** Every row of every table, by the columns the old table had, in a stable order. */
const rowsOf = (db: Database) =>
  Object.fromEntries(
    tables.map((t) => {
      const cols = oldColumns
        .get(t)!
        .map((c) => `"${c}"`)
        .join(", ");
      return [t, db.stmt(`SELECT ${cols} FROM "${t}" ORDER BY ${cols}`).all()];
    }),
  );
const before = rowsOf(old);
old.close();

describe("a data dir of schema version 18", () => {
  it("opens with every row where it was, keyed by instance", async () => {
    const emu = await startEmulator({ port: 0, dataDir: dir });
    try {
      const db = internals(emu).core.db;
      assert.equal(db.userVersion, 19);
      assert.deepEqual(rowsOf(db), before);
      assert.ok((before.users as unknown[]).length > 0 && (before.events as unknown[]).length > 0);
      // The children that had no instance column got their parent's.
      const orphans = db
        .stmt("SELECT COUNT(*) AS n FROM project_roles r LEFT JOIN projects p ON p.instance_id = r.instance_id AND p.id = r.project_id WHERE p.id IS NULL")
        .get();
      assert.deepEqual(orphans, { n: 0 });
      assert.deepEqual(db.stmt("PRAGMA foreign_key_check").all(), []);

      const users = await request(`${emu.url}/resources/v3alpha/users/_search`, { method: "POST", token: emu.adminPat, json: [] });
      assert.equal(users.status, 200, users.text);
      assert.equal((users.body as { result: unknown[] }).result.length, (before.users as unknown[]).length);
      const token = await request(`${emu.url}/oauth/v2/token`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from("demo-worker:demo-worker-secret").toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "grant_type=client_credentials&scope=openid",
      });
      assert.equal(token.status, 200, token.text);
    } finally {
      await emu.close();
    }
  });
});

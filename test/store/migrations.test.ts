// The schema split by owner (store/tables.ts and store/emulator-meta.ts, domain/<aggregate>/tables.ts, assembled in
// domain/schema.ts) takes a database of any earlier version to exactly the schema the single
// migration list (frozen in schema-v16.sql) produced, plus the steps added since (version 17 on, taken
// from the split list itself), and keeps the rows it holds.

import "../helpers/key-stock-env.js";
import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator } from "../../emulator/src/index.js";
import { Database } from "../../emulator/src/store/database.js";
import { migrate, schema, schemaVersion } from "../../emulator/src/domain/schema.js";
import { versionsOf } from "../../emulator/src/store/migrations.js";

/** The migration list before the split (version 16), frozen as data: one SQL section per version. */
const legacy = readFileSync(new URL("./schema-v16.sql", import.meta.url), "utf8")
  .split(/^-- version \d+\n/m)
  .slice(1);

/** The SQL of each version added after the split (17 on), applied on top of the frozen list. */
const later = versionsOf(schema).slice(legacy.length);

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "svc-emulator-test-"));
  dirs.push(d);
  return d;
};
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** What the emulator before the split did: the single list, up to `version`. */
function migrateLegacy(db: Database, version: number): void {
  for (let v = db.userVersion; v < version; v++) {
    db.transaction(() => {
      db.exec(legacy[v]!);
      db.userVersion = v + 1;
    });
  }
}

/** Every table, index and trigger with the SQL SQLite keeps for it (rootpage and order aside). */
function schemaOf(db: Database): unknown[] {
  return db.stmt("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").all();
}

function legacySchema(): unknown[] {
  const db = new Database(undefined);
  migrateLegacy(db, legacy.length);
  // As the runner applies them: foreign keys off while steps rebuild tables (version 19).
  db.exec("PRAGMA foreign_keys = OFF");
  for (const sql of later.flat()) db.exec(sql);
  db.exec("PRAGMA foreign_keys = ON");
  const out = schemaOf(db);
  db.close();
  return out;
}

describe("schema migrations split by aggregate", () => {
  const reference = legacySchema();

  it("has as many versions as the single list had", () => {
    assert.equal(legacy.length, 16);
    assert.equal(schemaVersion, legacy.length + later.length);
  });

  it("takes a database of every earlier version (0 to 16) to the same schema", () => {
    for (let from = 0; from <= legacy.length; from++) {
      const db = new Database(undefined);
      migrateLegacy(db, from);
      migrate(db);
      assert.equal(db.userVersion, schemaVersion, `from version ${from}`);
      assert.deepEqual(schemaOf(db), reference, `from version ${from}`);
      db.close();
    }
  });

  it("keeps the rows of a data dir written before the split (memberships rebuilt in version 15)", () => {
    const file = join(tempDir(), "emulator.sqlite");
    const old = new Database(file);
    migrateLegacy(old, 14);
    const at = "2026-01-01T00:00:00.000Z";
    old.stmt("INSERT INTO instances (id, name, created_at, changed_at, sequence) VALUES ('i1', 'one', ?, ?, 1)").run(at, at);
    old.stmt("INSERT INTO orgs (id, instance_id, name, created_at, changed_at, sequence) VALUES ('o1', 'i1', 'org', ?, ?, 1)").run(at, at);
    old
      .stmt("INSERT INTO users (id, instance_id, org_id, type, username, created_at, changed_at, sequence) VALUES ('u1', 'i1', 'o1', 'human', 'ann', ?, ?, 1)")
      .run(at, at);
    old
      .stmt(
        "INSERT INTO memberships (instance_id, context_type, context_id, user_id, roles, created_at, changed_at, sequence) " +
          "VALUES ('i1', 'org', 'o1', 'u1', '[\"ORG_OWNER\"]', ?, ?, 2)",
      )
      .run(at, at);
    old.close();

    const db = new Database(file);
    migrate(db);
    assert.equal(db.userVersion, schemaVersion);
    assert.deepEqual(schemaOf(db), reference);
    assert.deepEqual(db.stmt("SELECT context_type, context_id, user_id, roles FROM memberships").all(), [
      { context_type: "org", context_id: "o1", user_id: "u1", roles: '["ORG_OWNER"]' },
    ]);
    db.close();
  });

  it("starts an emulator on a data dir an older emulator left at version 12", async () => {
    const dataDir = tempDir();
    const old = new Database(join(dataDir, "emulator.sqlite"));
    migrateLegacy(old, 12);
    old.close();

    const emulator = await startEmulator({ port: 0, dataDir });
    const discovery = await fetch(`${emulator.url}/.well-known/openid-configuration`);
    assert.equal(discovery.status, 200);
    await emulator.close();

    const db = new Database(join(dataDir, "emulator.sqlite"));
    assert.equal(db.userVersion, schemaVersion);
    assert.deepEqual(schemaOf(db), reference);
    db.close();
  });

  it("makes the token grant indexes partial (version 18) and keeps and finds the token rows", () => {
    const db = new Database(undefined);
    migrateLegacy(db, legacy.length);
    for (const sql of later.slice(0, 17 - legacy.length).flat()) db.exec(sql);
    db.userVersion = 17;
    const columns = "id, instance_id, kind, client_id, user_id, session_id, auth_request_id, refresh_token_id, scope, audience, format, expires_at, created_at";
    const row = `INSERT INTO tokens (${columns}) `;
    const at = "2026-01-01T00:00:00.000Z";
    db.stmt(`${row} VALUES ('t1', 'i1', 'access', 'c', 'u', 's1', 'a1', 'r1', 'openid', '[]', 'opaque', ?, ?)`).run(at, at);
    db.stmt(`${row} VALUES ('t2', 'i1', 'access', 'c', 'u', NULL, NULL, NULL, 'profile', '[]', 'opaque', ?, ?)`).run(at, at);
    migrate(db);
    const partial = (db.stmt("SELECT name, partial FROM pragma_index_list('tokens') WHERE name LIKE 'tokens_by_%' ORDER BY name").all() as object[]).filter(
      (i) => (i as { partial: number }).partial === 1,
    );
    assert.deepEqual(
      partial.map((i) => (i as { name: string }).name),
      ["tokens_by_auth_request", "tokens_by_refresh", "tokens_by_session"],
    );
    for (const [column, value, index] of [
      ["session_id", "s1", "tokens_by_session"],
      ["auth_request_id", "a1", "tokens_by_auth_request"],
      ["refresh_token_id", "r1", "tokens_by_refresh"],
    ] as const) {
      assert.deepEqual(db.stmt(`SELECT id FROM tokens WHERE ${column} = ?`).all(value), [{ id: "t1" }]);
      const plan = db.stmt(`EXPLAIN QUERY PLAN SELECT * FROM tokens WHERE ${column} = ?`).all(value) as { detail: string }[];
      assert.match(plan.map((p) => p.detail).join("; "), new RegExp(`USING INDEX ${index} `));
    }
    assert.equal((db.stmt("SELECT count(*) AS n FROM tokens").get() as { n: number }).n, 2);
    db.close();
  });

  it("refuses a schema with a version that has no step", () => {
    assert.throws(
      () =>
        versionsOf([
          { version: 1, sql: "" },
          { version: 3, sql: "" },
        ]),
      /schema version 2 has no step/,
    );
  });
});

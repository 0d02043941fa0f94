// Group commit (store/database.ts grouped(), used by token issuance): the grouped calls of one turn of
// the event loop share one transaction, committed once after them; each promise is kept only once that
// commit is done; a throw undoes its own writes only; a transaction of its own, a snapshot image and
// closing commit what the group holds first; a failed commit undoes the whole group and breaks every
// promise. Checked against a data dir's file with a second, reading connection: it sees only what is
// committed.

import { describe, it, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Database } from "../../emulator/src/store/database.js";

const dir = mkdtempSync(join(tmpdir(), "svc-group-commit-"));
after(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function open(): { db: Database; committed: () => string[] } {
  const file = join(dir, `db-${++n}.sqlite`);
  const db = new Database(file);
  db.exec(`CREATE TABLE notes (name TEXT PRIMARY KEY);
    CREATE TABLE owners (id TEXT PRIMARY KEY);
    CREATE TABLE owned (owner TEXT REFERENCES owners(id) DEFERRABLE INITIALLY DEFERRED)`);
  const reader = new BetterSqlite3(file, { readonly: true });
  after(() => reader.close());
  const committed = () => (reader.prepare("SELECT name FROM notes ORDER BY name").all() as { name: string }[]).map((r) => r.name);
  return { db, committed };
}
const note = (db: Database, name: string) => () => db.stmt("INSERT INTO notes (name) VALUES (?)").run(name).changes;

describe("group commit", () => {
  it("commits the grouped calls of one turn once, after them, and keeps each promise only then", async () => {
    const { db, committed } = open();
    const heard: string[] = [];
    const kept: string[] = [];
    const calls = ["a", "b", "c"].map((name) =>
      db
        .grouped(() => {
          db.afterCommit(() => heard.push(name));
          return note(db, name)();
        })
        .then((changes) => kept.push(`${name}:${changes}`) && committed()),
    );
    // Written and visible to this connection, not yet committed: another connection sees nothing.
    assert.equal((db.stmt("SELECT COUNT(*) AS n FROM notes").get() as { n: number }).n, 3);
    assert.deepEqual(committed(), []);
    assert.deepEqual(heard, []);
    const seenAtEachPromise = await Promise.all(calls);
    for (const seen of seenAtEachPromise) assert.deepEqual(seen, ["a", "b", "c"]);
    assert.deepEqual(kept, ["a:1", "b:1", "c:1"]);
    assert.deepEqual(heard, ["a", "b", "c"]);
    db.close();
  });

  it("undoes only the writes of a call that throws, and breaks only its promise", async () => {
    const { db, committed } = open();
    const heard: string[] = [];
    const ok = db.grouped(note(db, "kept"));
    const failed = db.grouped(() => {
      db.afterCommit(() => heard.push("never"));
      note(db, "undone")();
      note(db, "kept")(); // UNIQUE: the whole call is undone
    });
    await assert.rejects(failed, /UNIQUE constraint failed: notes.name/);
    assert.equal(await ok, 1);
    assert.deepEqual(committed(), ["kept"]);
    assert.deepEqual(heard, []);
    db.close();
  });

  it("commits the group before a transaction of its own, a snapshot image and closing", async () => {
    const { db, committed } = open();
    const first = db.grouped(note(db, "grouped-1"));
    db.transaction(note(db, "own"));
    assert.deepEqual(committed(), ["grouped-1", "own"]);
    await first;
    void db.grouped(note(db, "grouped-2"));
    const image = db.serialize();
    assert.deepEqual(committed(), ["grouped-1", "grouped-2", "own"]);
    assert.ok(image.length > 0);
    const last = db.grouped(note(db, "grouped-3"));
    db.close();
    assert.deepEqual(committed(), ["grouped-1", "grouped-2", "grouped-3", "own"]);
    assert.equal(await last, 1);
  });

  it("is part of the transaction it is called in", async () => {
    const { db, committed } = open();
    let inner: Promise<number> | undefined;
    db.transaction(() => {
      note(db, "outer")();
      inner = db.grouped(note(db, "inner"));
    });
    assert.deepEqual(committed(), ["inner", "outer"]);
    assert.equal(await inner, 1);
    db.close();
  });

  it("undoes the whole group and breaks every promise when the commit fails", async () => {
    const { db, committed } = open();
    const heard: string[] = [];
    const a = db.grouped(() => {
      db.afterCommit(() => heard.push("a"));
      return note(db, "a")();
    });
    // A deferred foreign key is checked at COMMIT: the commit of the whole group fails.
    const b = db.grouped(() => db.stmt("INSERT INTO owned (owner) VALUES ('nobody')").run().changes);
    await assert.rejects(a, /FOREIGN KEY constraint failed/);
    await assert.rejects(b, /FOREIGN KEY constraint failed/);
    assert.deepEqual(committed(), []);
    assert.deepEqual(heard, []);
    assert.equal((db.stmt("SELECT COUNT(*) AS n FROM notes").get() as { n: number }).n, 0);
    // The connection is usable again: the next group commits.
    assert.equal(await db.grouped(note(db, "after")), 1);
    assert.deepEqual(committed(), ["after"]);
    db.close();
  });
});

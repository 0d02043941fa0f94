// A data dir has one owner (a second emulator refuses, naming the holder; a dir left by a killed
// process is taken over; closing frees it), opens when an older emulator wrote it, and is refused,
// untouched, when a newer emulator wrote it or when the file is not a whole SQLite database. The
// temporary files of a write a killed owner left are dropped by the next one.
// Runs the built command (`node scripts/build.mjs` first) as real processes.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Database } from "../../emulator/src/store/database.js";
import { startEmulator } from "../../emulator/src/index.js";
import { schema, schemaVersion } from "../../emulator/src/domain/schema.js";
import { migrate as migrateSteps } from "../../emulator/src/store/migrations.js";
import { killHard, startCli, startReady, tempDir } from "../helpers/cli-process.js";

const LIMIT = { timeout: 30_000 };

async function refused(dataDir: string): Promise<string> {
  const s = await startCli(dataDir).started;
  assert.ok(!("ready" in s), "a second emulator started");
  assert.equal(s.code, 1);
  return s.stderr;
}

describe("one owner per data dir", () => {
  it("refuses a second emulator on the same dir, naming the pid that holds it", LIMIT, async () => {
    const dir = tempDir();
    const { proc, ready } = await startReady(dir);
    const lock = JSON.parse(readFileSync(join(dir, "lock"), "utf8")) as { pid: number };
    assert.equal(lock.pid, proc.child.pid);
    const stderr = await refused(dir);
    assert.match(stderr, new RegExp(`^svc-emulator: the data dir ${dir} is in use by process ${proc.child.pid} \\(since `));
    // The refused start left the owner and its lock alone.
    assert.equal((await fetch(`${ready.url}/emulator/v1/health`)).status, 200);
    assert.equal(JSON.parse(readFileSync(join(dir, "lock"), "utf8")).pid, proc.child.pid);
    proc.child.kill("SIGTERM");
    assert.equal((await proc.exited).code, 0);
    assert.equal(existsSync(join(dir, "lock")), false, "a clean stop frees the dir");
    const again = await startReady(dir);
    again.proc.child.kill("SIGTERM");
    await again.proc.exited;
  });

  it("takes over a dir whose owner was killed, keeping its data", LIMIT, async () => {
    const dir = tempDir();
    const first = await startReady(dir);
    await killHard(first.proc);
    assert.ok(existsSync(join(dir, "lock")), "SIGKILL leaves the lock behind");
    const second = await startReady(dir);
    assert.equal(second.ready.adminPat, first.ready.adminPat);
    assert.equal(JSON.parse(readFileSync(join(dir, "lock"), "utf8")).pid, second.proc.child.pid);
    second.proc.child.kill("SIGTERM");
    await second.proc.exited;
  });

  it("drops the temporary files a killed emulator was writing, and nothing else", LIMIT, async () => {
    const dir = tempDir();
    const first = await startReady(dir);
    await killHard(first.proc);
    // What writeFileAtomic leaves when killed between its write and its rename, beside files of the user's.
    mkdirSync(join(dir, "snapshots"), { recursive: true });
    const left = [join(dir, "seed.sqlite.4242.tmp"), join(dir, "emulator.sqlite.77.tmp"), join(dir, "snapshots", "before.sqlite.4242.tmp")];
    const kept = [join(dir, "notes.tmp"), join(dir, "snapshots", "mine.txt")];
    for (const f of [...left, ...kept]) writeFileSync(f, "x");
    const second = await startReady(dir);
    assert.deepEqual(
      left.filter((f) => existsSync(f)),
      [],
    );
    assert.deepEqual(
      kept.filter((f) => existsSync(f)),
      kept,
    );
    assert.equal(second.ready.adminPat, first.ready.adminPat, "the data itself is kept");
    second.proc.child.kill("SIGTERM");
    await second.proc.exited;
  });

  it("takes over a lock naming a pid that another, later process now has", LIMIT, async () => {
    const dir = tempDir();
    // Our own pid, but with a start time that is not ours: the owner died and the pid was reused.
    writeFileSync(join(dir, "lock"), JSON.stringify({ pid: process.pid, started: "1", at: "2026-01-01T00:00:00.000Z" }));
    const { proc } = await startReady(dir);
    proc.child.kill("SIGTERM");
    await proc.exited;
  });

  it("refuses a second startEmulator() on the same dir in one process, and frees the dir on close()", LIMIT, async () => {
    const dir = tempDir();
    const first = await startEmulator({ port: 0, dataDir: dir });
    // A second emulator that wrongly starts is closed at once, so the failure does not hold the test file open.
    const refusal = await startEmulator({ port: 0, dataDir: dir }).then(
      async (e) => (await e.close(), undefined),
      (e: Error) => e.message,
    );
    assert.match(refusal ?? "(it started)", new RegExp(`^the data dir ${dir} is in use by another emulator in this process \\(since `));
    await first.close();
    const second = await startEmulator({ port: 0, dataDir: dir });
    assert.equal(second.adminPat, first.adminPat);
    await second.close();
    assert.equal(existsSync(join(dir, "lock")), false);
  });

  it("refuses a data dir that is a file", LIMIT, async () => {
    const file = join(tempDir(), "not-a-dir");
    writeFileSync(file, "x");
    assert.match(await refused(file), /svc-emulator: the data dir .*not-a-dir (is a file|cannot be created)/);
  });
});

describe("data dirs across versions", () => {
  it("migrates a dir the previous schema version wrote and starts on it", LIMIT, async () => {
    const dir = tempDir();
    const old = new Database(join(dir, "emulator.sqlite"));
    // The schema steps of every version but the last, as the previous release ran them.
    migrateSteps(
      old,
      schema.filter((step) => step.version < schemaVersion),
    );
    assert.equal(old.userVersion, schemaVersion - 1);
    old.close();
    const { proc } = await startReady(dir);
    proc.child.kill("SIGTERM");
    await proc.exited;
    const db = new BetterSqlite3(join(dir, "emulator.sqlite"), { readonly: true });
    assert.equal(db.pragma("user_version", { simple: true }), schemaVersion);
    db.close();
  });

  it("refuses a dir a newer emulator wrote and leaves its file byte for byte", LIMIT, async () => {
    const dir = tempDir();
    const { proc } = await startReady(dir);
    proc.child.kill("SIGTERM");
    await proc.exited;
    const file = join(dir, "emulator.sqlite");
    const newer = new BetterSqlite3(file);
    newer.pragma(`user_version = ${schemaVersion + 1}`);
    newer.exec("CREATE TABLE from_the_future (x TEXT)");
    newer.close();
    const before = readFileSync(file);
    const stderr = await refused(dir);
    assert.equal(
      stderr,
      `svc-emulator: ${file} was written by a newer svc-emulator (schema version ${schemaVersion + 1}, this one knows up to ${schemaVersion}); ` +
        "it was left unchanged: open it with that version or use another --data-dir\n",
    );
    assert.ok(readFileSync(file).equals(before), "the newer database was changed");
    assert.equal(existsSync(join(dir, "lock")), false, "a refused start frees the dir");
  });

  it("refuses a file that is not SQLite, naming it", LIMIT, async () => {
    const dir = tempDir();
    const file = join(dir, "emulator.sqlite");
    writeFileSync(file, "these are not the pages you are looking for\n".repeat(200));
    const before = readFileSync(file);
    assert.equal(
      await refused(dir),
      `svc-emulator: ${file} is not an SQLite database or is damaged (file is not a database); move it away or use another --data-dir\n`,
    );
    assert.ok(readFileSync(file).equals(before));
  });

  it("refuses a damaged SQLite file, naming it", LIMIT, async () => {
    const dir = tempDir();
    const { proc } = await startReady(dir);
    proc.child.kill("SIGTERM");
    await proc.exited;
    const file = join(dir, "emulator.sqlite");
    // SIGTERM right after the ready line still closes the database (no WAL left to mask the damage below).
    assert.ok(!existsSync(`${file}-wal`), "the emulator left its WAL behind");
    const bytes = readFileSync(file);
    // Keep the header page (a valid SQLite header and schema), overwrite every page after it.
    bytes.fill(0xa5, bytes.readUInt16BE(16));
    writeFileSync(file, bytes);
    assert.match(
      await refused(dir),
      new RegExp(`^svc-emulator: ${file} (is damaged|is not an SQLite database or is damaged) \\(.+\\); move it away or use another --data-dir\\n$`),
    );
    assert.ok(readFileSync(file).equals(bytes));
  });
});

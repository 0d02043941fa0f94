// SQLite through better-sqlite3. One Database object per emulator; reset and snapshot restore swap
// the underlying connection for a fresh one (DESIGN 10: a fresh database, not a partial truncate).
// On disk: WAL with synchronous=NORMAL. A committed transaction survives a crash of the process
// (the WAL is in the OS's hands at commit); a power loss may lose the last commits before the next
// checkpoint, never the database's consistency (docs/behaviour.md, "Data dir").

import BetterSqlite3 from "better-sqlite3";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { writeFileAtomic } from "../kernel/atomic-file.js";
import { openScratch } from "./scratch-database.js";
import { sqliteAddon } from "./sqlite-addon.js";

type Connection = BetterSqlite3.Database;
type Statement = BetterSqlite3.Statement;

/** A database file the emulator will not open: not SQLite, damaged, or from a newer emulator. Nothing was written to it. */
export class DataFileError extends Error {}

export interface DatabaseOptions {
  /** The newest schema version this emulator knows; a file with a higher user_version is refused before any write. */
  newestVersion?: number;
}

export class Database {
  private conn!: Connection;
  /**
   * better-sqlite3's transaction wrapper, made once per connection: `conn.transaction(fn)` builds four
   * wrapped functions and defines their properties on every call (about 4 % of a token request's CPU,
   * measured); this one runs whatever function it is given, with the same BEGIN / savepoint handling.
   */
  private runInTransaction!: BetterSqlite3.Transaction<(fn: () => unknown) => unknown>;
  private statements = new Map<string, Statement>();
  private memo = new Map<string, unknown>();
  /** Cached keys by the aggregate type whose events make them stale (cachedFor). */
  private staleOn = new Map<string, Set<string>>();
  private afterCommits: (() => void)[] = [];

  /** `file` undefined means in memory: a scratch file nobody else sees (scratch-database.ts). */
  constructor(
    private readonly file: string | undefined,
    private readonly options: DatabaseOptions = {},
  ) {
    if (file) mkdirSync(dirname(file), { recursive: true });
    this.use(this.open());
  }

  private use(conn: Connection): void {
    this.conn = conn;
    this.runInTransaction = conn.transaction((fn: () => unknown) => fn());
  }

  get inMemory(): boolean {
    return this.file === undefined;
  }

  private open(image?: Buffer): Connection {
    if (!this.file) return configure(openScratch(image), false);
    return configure(openChecked(this.file, this.options.newestVersion), true);
  }

  /** A prepared statement, cached per connection. */
  stmt(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.conn.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /** Runs SQL as is; what it changes is not known, so cached values are forgotten. */
  exec(sql: string): void {
    this.invalidateCache();
    this.conn.exec(sql);
  }

  /**
   * Runs `fn` in one transaction; a throw rolls everything back. A nested call runs in a savepoint of
   * the outer one: its throw undoes only its own writes (a best-effort import goes on after a failed
   * item), and nothing is durable before the outermost transaction commits.
   */
  transaction<T>(fn: () => T): T {
    if (this.conn.inTransaction) {
      const mark = this.afterCommits.length;
      try {
        return this.runInTransaction(fn) as T;
      } catch (e) {
        this.afterCommits.length = mark; // what the rolled-back savepoint wanted to announce never happened
        this.invalidateCache(); // a value cached inside it may hold rows that no longer exist
        throw e;
      }
    }
    let result: T;
    try {
      result = this.runInTransaction.immediate(fn) as T;
    } catch (e) {
      this.afterCommits = [];
      this.invalidateCache(); // a value cached inside it may hold rows that no longer exist
      throw e;
    }
    const committed = this.afterCommits;
    this.afterCommits = [];
    for (const f of committed) f();
    return result;
  }

  /** Runs `f` once the outermost transaction commits (at once outside one); never when it rolls back. */
  afterCommit(f: () => void): void {
    if (this.conn.inTransaction) this.afterCommits.push(f);
    else f();
  }

  get userVersion(): number {
    return this.conn.pragma("user_version", { simple: true }) as number;
  }

  set userVersion(v: number) {
    this.conn.pragma(`user_version = ${Math.trunc(v)}`);
  }

  /** The whole database as one image, for snapshots and reset. */
  serialize(): Buffer {
    return this.conn.serialize();
  }

  /** A value computed once until invalidateCache(): for reads on every request (instance by host). */
  cached<T>(key: string, compute: () => T): T {
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = compute();
    this.memo.set(key, value);
    return value;
  }

  /**
   * Like cached(), and forgotten as soon as an event of one of `aggregateTypes` is projected
   * (Projections.reduce calls changed()): for reads on every request that only those aggregates'
   * events change (signing keys, executions, clients). `keep` false: the value is not cached.
   */
  cachedFor<T>(aggregateTypes: readonly string[], key: string, compute: () => T, keep: (value: T) => boolean = () => true): T {
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = compute();
    if (!keep(value)) return value;
    this.memo.set(key, value);
    for (const t of aggregateTypes) {
      let keys = this.staleOn.get(t);
      if (!keys) this.staleOn.set(t, (keys = new Set()));
      keys.add(key);
    }
    return value;
  }

  /** An event of `aggregateType` was projected: forgets the values cached for it. */
  changed(aggregateType: string): void {
    const keys = this.staleOn.get(aggregateType);
    if (!keys) return;
    for (const k of keys) this.memo.delete(k);
    this.staleOn.delete(aggregateType);
  }

  /** Forgets cached values; projections call it when what they cache changes. */
  invalidateCache(): void {
    this.memo.clear();
    this.staleOn.clear();
  }

  /** Replaces the whole database by an image taken with serialize(). */
  replace(image: Buffer): void {
    this.invalidateCache();
    this.statements.clear();
    if (!this.file) {
      this.conn.close();
      this.use(this.open(image));
      return;
    }
    // Swap whole files so a crash at any point leaves the old database or the new one: first fold the
    // WAL into the old file (it is then whole on its own), then rename the new image over it. A WAL
    // left beside the new file would be replayed into it on the next open, so it goes before the rename.
    const [checkpoint] = this.conn.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
    if (checkpoint?.busy) throw new Error(`the database ${this.file} is busy; cannot replace it`);
    this.conn.close();
    writeFileAtomic(this.file, image, () => {
      for (const suffix of ["-wal", "-shm"]) rmSync(this.file + suffix, { force: true });
    });
    this.use(this.open());
  }

  get exists(): boolean {
    return this.file ? existsSync(this.file) : false;
  }

  close(): void {
    this.statements.clear();
    if (this.conn.open) this.conn.close();
  }
}

/**
 * Opens a database file, refusing (with a message naming it, before any write) one that is not
 * SQLite, is damaged, or was written by a newer emulator. The journal mode is set only after these
 * checks, because switching it to WAL rewrites the file's header.
 */
function openChecked(file: string, newestVersion: number | undefined): Connection {
  const conn = new BetterSqlite3(file, { nativeBinding: sqliteAddon() });
  try {
    let version: number;
    try {
      version = conn.pragma("user_version", { simple: true }) as number;
    } catch (e) {
      throw new DataFileError(`${file} is not an SQLite database or is damaged (${(e as Error).message}); move it away or use another --data-dir`);
    }
    if (newestVersion !== undefined && version > newestVersion)
      throw new DataFileError(
        `${file} was written by a newer svc-emulator (schema version ${version}, this one knows up to ${newestVersion}); ` +
          "it was left unchanged: open it with that version or use another --data-dir",
      );
    const check = conn.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new DataFileError(`${file} is damaged (${String(check)}); move it away or use another --data-dir`);
    return conn;
  } catch (e) {
    conn.close();
    if (e instanceof DataFileError) throw e;
    throw new DataFileError(`${file} is not an SQLite database or is damaged (${(e as Error).message}); move it away or use another --data-dir`);
  }
}

function configure(conn: Connection, onDisk: boolean): Connection {
  if (onDisk) {
    conn.pragma("journal_mode = WAL");
    conn.pragma("synchronous = NORMAL");
  }
  conn.pragma("foreign_keys = ON");
  return conn;
}

// SQLite through better-sqlite3. One Database object per emulator; reset and snapshot restore swap
// the underlying connection for a fresh one (DESIGN 10: a fresh database, not a partial truncate).
// On disk: WAL with synchronous=NORMAL. A committed transaction survives a crash of the process
// (the WAL is in the OS's hands at commit); a power loss may lose the last commits before the next
// checkpoint, never the database's consistency (docs/behaviour.md, "Data dir").

import type BetterSqlite3 from "better-sqlite3";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { writeFileAtomic } from "../kernel/atomic-file.js";
import { Emitter } from "../kernel/emitter.js";
import { configure, openChecked } from "./database-file.js";
import { openScratch } from "./scratch-database.js";

export { DataFileError } from "./database-file.js";

type Connection = BetterSqlite3.Database;
type Statement = BetterSqlite3.Statement;

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
  private readonly replacedListeners = new Emitter<{ replaced: string | undefined }>();
  /** Transaction functions running now, the outermost and the nested ones. */
  private depth = 0;
  /** The grouped calls waiting for the commit of the group's open transaction (grouped()). */
  private group: { done(): void; failed(e: unknown): void }[] | undefined;

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

  /** False once closed. */
  get isOpen(): boolean {
    return this.conn.open;
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
    this.commitGroup();
    this.invalidateCache();
    this.conn.exec(sql);
  }

  /**
   * Runs `fn` in one transaction; a throw rolls everything back. A nested call runs in a savepoint of
   * the outer one: its throw undoes only its own writes (a best-effort import goes on after a failed
   * item), and nothing is durable before the outermost transaction commits. A transaction of its own
   * commits when it returns, so the grouped calls waiting for their commit are committed first.
   */
  transaction<T>(fn: () => T): T {
    if (this.depth > 0) return this.nested(fn);
    this.commitGroup();
    let result: T;
    this.depth++;
    try {
      result = this.runInTransaction.immediate(fn) as T;
    } catch (e) {
      this.afterCommits = [];
      this.invalidateCache(); // a value cached inside it may hold rows that no longer exist
      throw e;
    } finally {
      this.depth--;
    }
    const committed = this.afterCommits;
    this.afterCommits = [];
    for (const f of committed) f();
    return result;
  }

  /** `fn` in a savepoint of the transaction open now: its throw undoes its own writes only. */
  private nested<T>(fn: () => T): T {
    const mark = this.afterCommits.length;
    this.depth++;
    try {
      return this.runInTransaction(fn) as T;
    } catch (e) {
      this.afterCommits.length = mark; // what the rolled-back savepoint wanted to announce never happened
      this.invalidateCache(); // a value cached inside it may hold rows that no longer exist
      throw e;
    } finally {
      this.depth--;
    }
  }

  /**
   * Group commit: runs `fn` now, in a savepoint of one transaction that the grouped calls of this turn
   * of the event loop share, and commits that transaction once, after them (setImmediate), instead of
   * once per call. The promise is kept once the commit is done (answer only then: what was answered is
   * committed), and broken by `fn`'s throw (its own writes undone, the others' kept) or by a failed
   * commit (all of the group's writes undone). Between the call and the commit, reads in this process
   * see the group's writes, as they would see any transaction's writes inside it; nothing outside the
   * process does. Inside another transaction, `fn` is part of that one.
   */
  grouped<T>(fn: () => T): Promise<T> {
    let result: T;
    try {
      if (this.depth > 0) return Promise.resolve(this.nested(fn));
      if (!this.group) {
        this.conn.exec("BEGIN IMMEDIATE");
        this.group = [];
        setImmediate(() => this.commitGroup());
      }
      result = this.nested(fn);
    } catch (e) {
      return Promise.reject(e);
    }
    return new Promise((resolve, reject) => this.group!.push({ done: () => resolve(result), failed: reject }));
  }

  /**
   * Commits the group's transaction, if one is open, then announces its writes and keeps its promises.
   * As with transaction(), a listener's throw after the commit reaches the callers (the writes stay).
   */
  private commitGroup(): void {
    const waiting = this.group;
    if (!waiting) return;
    this.group = undefined;
    const committed = this.afterCommits;
    this.afterCommits = [];
    try {
      this.conn.exec("COMMIT");
    } catch (e) {
      if (this.conn.inTransaction) this.conn.exec("ROLLBACK");
      this.invalidateCache();
      for (const w of waiting) w.failed(e);
      return;
    }
    let thrown: { e: unknown } | undefined;
    for (const f of committed) {
      try {
        f();
      } catch (e) {
        thrown ??= { e };
      }
    }
    for (const w of waiting) thrown ? w.failed(thrown.e) : w.done();
  }

  /** Runs `f` once the outermost transaction commits (at once outside one); never when it rolls back. */
  afterCommit(f: () => void): void {
    if (this.depth > 0) this.afterCommits.push(f);
    else f();
  }

  get userVersion(): number {
    return this.conn.pragma("user_version", { simple: true }) as number;
  }

  set userVersion(v: number) {
    this.commitGroup();
    this.conn.pragma(`user_version = ${Math.trunc(v)}`);
  }

  /** The whole database as one image, for snapshots and reset. */
  serialize(): Buffer {
    this.commitGroup();
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

  /**
   * Calls `listener` after rows were put back from an image: the whole database (undefined: a reset, a
   * snapshot restored) or one instance's rows (its id: store/instance-image.ts). Returns the stop function.
   */
  onReplaced(listener: (instanceId: string | undefined) => void): () => void {
    return this.replacedListeners.on("replaced", listener);
  }

  /** Tells the onReplaced listeners (replace() and writeInstanceImage() call it once they are done). */
  replaced(instanceId?: string): void {
    this.replacedListeners.emit("replaced", instanceId);
  }

  /** Replaces the whole database by an image taken with serialize(). */
  replace(image: Buffer): void {
    this.swap(image);
    this.replaced();
  }

  private swap(image: Buffer): void {
    this.commitGroup();
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
    if (this.conn.open) this.commitGroup();
    this.statements.clear();
    if (this.conn.open) this.conn.close();
  }
}

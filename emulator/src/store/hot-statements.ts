// The SQL of the requests a client sends first (discovery, key set, token, introspection, userinfo):
// compiled once the emulator is idle after start, and after a reset or restore (a new
// connection has no statements), instead of by the first request that runs it (0.01 to 0.1 ms each,
// 0.22 ms over a start's first requests). Only compiled, never run: nothing is read or written.
// A module marks its statement with hot() where it defines the SQL, so the list cannot drift from it.

import type { Database } from "./database.js";

const HOT = new Set<string>();

/** Marks `sql` as one to prepare ahead (prepareHotSoon) and returns it unchanged. */
export function hot(sql: string): string {
  HOT.add(sql);
  return sql;
}

/**
 * Prepares every hot statement in an immediate: after the code running now (the ready line, a reset's
 * answer), before timers and I/O of the next turn. A database closed meanwhile is left alone; a statement
 * that does not compile is left to its first use, which reports its error as it always did.
 */
export function prepareHotSoon(db: Database): void {
  setImmediate(() => {
    for (const sql of HOT) {
      if (!db.isOpen) return;
      try {
        db.stmt(sql);
      } catch {
        // prepared (and failing) where it is used
      }
    }
  }).unref();
}

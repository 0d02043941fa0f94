// Opening a data dir's database file: refused, before any write, when it is not SQLite, is damaged or
// was written by a newer emulator; then WAL with synchronous=NORMAL (store/database.ts).

import BetterSqlite3 from "better-sqlite3";
import { sqliteAddon } from "./sqlite-addon.js";

/** A database file the emulator will not open: not SQLite, damaged, or from a newer emulator. Nothing was written to it. */
export class DataFileError extends Error {}

/**
 * Opens a database file, refusing (with a message naming it, before any write) one that is not
 * SQLite, is damaged, or was written by a newer emulator. The journal mode is set only after these
 * checks, because switching it to WAL rewrites the file's header.
 */
export function openChecked(file: string, newestVersion: number | undefined): BetterSqlite3.Database {
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

export function configure(conn: BetterSqlite3.Database, onDisk: boolean): BetterSqlite3.Database {
  if (onDisk) {
    conn.pragma("journal_mode = WAL");
    conn.pragma("synchronous = NORMAL");
  }
  conn.pragma("foreign_keys = ON");
  return conn;
}

// The database of an in-memory emulator (--in-memory, startEmulator({ inMemory: true })). Not SQLite's
// ":memory:": there every page of every row stays in the process heap until the process ends (freed
// pages too), so RSS grew by about 1.3 KiB per stored token (415 MiB after 240,000 tokens, bench/HISTORY
// "Round 4: memory"). Instead a private file in the temporary folder, unlinked as soon as SQLite has
// opened it: the rows live in the file and the OS's page cache, the process keeps a bounded page cache,
// and nothing is left behind when the process ends, however it ends (the open descriptor is all that
// holds the file). The folder entry exists only for the few synchronous statements between writing the
// file and opening it. No journal file (MEMORY), no fsync (synchronous OFF), one connection (EXCLUSIVE
// locking: no lock calls per transaction): nothing needs to survive a crash. SQLite's own "" temporary
// database was measured too: same RSS, but 60 % more CPU per token (it writes its journal to a file).

import BetterSqlite3 from "better-sqlite3";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sqliteAddon } from "./sqlite-addon.js";

/** SQLite's page cache for an in-memory emulator, in KiB (measured: 4, 8 and 16 MiB give the same CPU per token; RSS +11 MiB from 8 to 16). */
export const SCRATCH_CACHE_KIB = 8_192;

/** Opens a fresh scratch database, or one holding `image` (a serialize() image: reset, snapshot restore). */
export function openScratch(image?: Buffer): BetterSqlite3.Database {
  // Windows refuses to delete a file SQLite holds open; there (and without a writable temporary
  // folder) the database stays in the heap, as before round 4.
  const inHeap = () => new BetterSqlite3(image ?? ":memory:", { nativeBinding: sqliteAddon() });
  if (process.platform === "win32") return inHeap();
  let dir: string;
  try {
    dir = mkdtempSync(join(tmpdir(), "svc-emulator-"));
  } catch {
    return inHeap();
  }
  let conn: BetterSqlite3.Database | undefined;
  try {
    const file = join(dir, "emulator.sqlite");
    writeFileSync(file, image ?? "");
    conn = new BetterSqlite3(file, { nativeBinding: sqliteAddon() });
    rmSync(dir, { recursive: true });
  } catch {
    conn?.close();
    rmSync(dir, { recursive: true, force: true });
    return inHeap();
  }
  conn.pragma("locking_mode = EXCLUSIVE");
  conn.pragma("journal_mode = MEMORY");
  conn.pragma("synchronous = OFF");
  conn.pragma(`cache_size = -${SCRATCH_CACHE_KIB}`);
  return conn;
}

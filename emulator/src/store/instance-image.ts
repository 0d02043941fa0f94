// One instance's part of the database (issue 26): its row in `instances`, the rows of every table
// with an `instance_id` column, its events among them. Read into memory and written back in one
// transaction, it is what a per-instance reset and snapshot restore: the other instances' rows are
// neither read nor touched, so they keep serving. Milliseconds for a seeded instance (bench/).

import type { Database } from "./database.js";

interface TableImage {
  table: string;
  columns: string[];
  rows: unknown[][];
}

export interface InstanceImage {
  readonly instanceId: string;
  readonly tables: readonly TableImage[];
  /** Rows in all tables: the size shown for a snapshot. */
  readonly rowCount: number;
}

/** A table and the column that names the instance of its rows. */
interface Scoped {
  table: string;
  key: "id" | "instance_id";
  columns: string[];
}

/** The tables holding an instance's rows (the schema does not change while the emulator runs). */
const scopedTables = new WeakMap<Database, Scoped[]>();

function tablesOf(db: Database): Scoped[] {
  let tables = scopedTables.get(db);
  if (tables) return tables;
  const names = db.stmt("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid").all() as { name: string }[];
  tables = [];
  for (const { name } of names) {
    const columns = (db.stmt(`SELECT name FROM pragma_table_info('${name}')`).all() as { name: string }[]).map((c) => c.name);
    if (name === "instances") tables.push({ table: name, key: "id", columns });
    else if (columns.includes("instance_id")) tables.push({ table: name, key: "instance_id", columns });
  }
  // The instance's own row first: its rows in other tables refer to it.
  tables.sort((a, b) => (a.table === "instances" ? -1 : b.table === "instances" ? 1 : 0));
  scopedTables.set(db, tables);
  return tables;
}

/** Reads every row of the instance; undefined when there is no such instance. */
export function readInstanceImage(db: Database, instanceId: string): InstanceImage | undefined {
  if (!db.stmt("SELECT 1 FROM instances WHERE id = ?").get(instanceId)) return undefined;
  let rowCount = 0;
  const tables = tablesOf(db).map(({ table, key, columns }) => {
    const rows = db
      .stmt(`SELECT ${columns.map((c) => `"${c}"`).join(", ")} FROM "${table}" WHERE ${key} = ?`)
      .raw(true)
      .all(instanceId) as unknown[][];
    rowCount += rows.length;
    return { table, columns, rows };
  });
  return { instanceId, tables, rowCount };
}

/**
 * Replaces the instance's rows by the image's, in one transaction: what the instance gained since is
 * gone, what it lost is back. Cached reads are forgotten, and onReplaced listeners told. The image must be of this instance.
 */
export function writeInstanceImage(db: Database, image: InstanceImage): void {
  const known = new Map(tablesOf(db).map((t) => [t.table, t]));
  db.transaction(() => {
    // Rows go in parents-after-children order or not at all: constraints are checked at the commit.
    db.stmt("PRAGMA defer_foreign_keys = ON").run();
    for (const { table, key } of [...known.values()].reverse()) db.stmt(`DELETE FROM "${table}" WHERE ${key} = ?`).run(image.instanceId);
    for (const { table, columns, rows } of image.tables) {
      if (!known.has(table) || !rows.length) continue;
      const insert = db.stmt(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`);
      for (const row of rows) insert.run(...row);
    }
  });
  db.invalidateCache();
  db.replaced(image.instanceId);
}

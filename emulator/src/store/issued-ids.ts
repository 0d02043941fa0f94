// The highest id the id generator handed out that a database holds, so a generator started on it (a
// data dir opened again, a restored snapshot) gives out only new ids: aggregate ids of the events and
// the id (or kid) column of every table. Knows no table by name: it reads them from the schema.

import type { Database } from "./database.js";

/** The highest numeric id in the events' aggregate ids and every table's `id` or `kid` column (0 when none). */
export function maxIssuedId(db: Database): bigint {
  const numeric = (col: string) => `${col} GLOB '[0-9]*' AND NOT ${col} GLOB '*[^0-9]*'`;
  const sources = [`SELECT CAST(MAX(CAST(aggregate_id AS INTEGER)) AS TEXT) AS m FROM events WHERE ${numeric("aggregate_id")}`];
  const tables = db.stmt("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
  for (const { name } of tables) {
    const cols = (db.stmt(`SELECT name FROM pragma_table_info('${name}')`).all() as { name: string }[]).map((c) => c.name);
    for (const col of ["id", "kid"].filter((c) => cols.includes(c)))
      sources.push(`SELECT CAST(MAX(CAST(${col} AS INTEGER)) AS TEXT) AS m FROM "${name}" WHERE ${numeric(col)}`);
  }
  return sources.reduce((max, sql) => {
    // As text: 18-digit ids do not fit a JavaScript number.
    const m = (db.stmt(sql).get() as { m: string | null }).m;
    return m !== null && BigInt(m) > max ? BigInt(m) : max;
  }, 0n);
}

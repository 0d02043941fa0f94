// The SQL shape every search shares: a WHERE clause built from filters, the total count, and one
// ordered page (ties broken by id so pages are stable).

import type { Database } from "./database.js";

export interface PageRequest {
  asc: boolean;
  offset: number;
  limit: number;
}

/** `column IN (?, …)` for a list filter; an empty list matches nothing. */
export function inList(column: string, values: string[], args: unknown[]): string {
  args.push(...values);
  return `${column} IN (${values.map(() => "?").join(", ") || "NULL"})`;
}

/** A table to search, or a join: `{ from: "apps a JOIN projects p ON …", select: "a.*, p.org_id" }`. */
export type Source = string | { from: string; select: string };

/** `tieBreak`: a unique column that orders rows with the same `orderColumn` value. */
export function pagedSearch<Row>(
  db: Database,
  source: Source,
  where: string[],
  args: unknown[],
  orderColumn: string,
  page: PageRequest,
  tieBreak = "id",
): { total: number; rows: Row[] } {
  const { from, select } = typeof source === "string" ? { from: source, select: "*" } : source;
  const clause = where.join(" AND ");
  const total = (db.stmt(`SELECT COUNT(*) AS n FROM ${from} WHERE ${clause}`).get(...args) as { n: number }).n;
  const dir = page.asc ? "ASC" : "DESC";
  const rows = db
    .stmt(`SELECT ${select} FROM ${from} WHERE ${clause} ORDER BY ${orderColumn} ${dir}, ${tieBreak} ${dir} LIMIT ? OFFSET ?`)
    .all(...args, page.limit, page.offset) as Row[];
  return { total, rows };
}

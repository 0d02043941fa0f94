// A plain table for short lists (up to a few hundred rows; past that use VirtualTable). Cells render
// through `cell`, as React nodes: text is escaped.

import type { ReactNode } from "react";

export interface Column<Row> {
  /** Unique per table; also the React key of the cells. */
  id: string;
  header: ReactNode;
  cell(row: Row): ReactNode;
  /** A class for the column's cells, e.g. "num" to right-align. */
  className?: string;
}

export interface TableProps<Row> {
  /** Names the table for screen readers (rendered as its caption). */
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
}

export function Table<Row>({ caption, columns, rows, rowKey, empty = "Nothing here yet." }: TableProps<Row>) {
  return (
    <table className="table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.id} scope="col" className={c.className}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className="empty">
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c) => (
                <td key={c.id} className={c.className}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

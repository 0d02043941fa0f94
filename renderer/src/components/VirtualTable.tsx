// A table for long lists (10,000 users): only the rows in view are in the DOM, between two spacer
// rows whose heights stand for the rest (@tanstack/react-virtual). Rows have one fixed height.
// Heights are set through React's style prop, i.e. the CSS object model, which the CSP allows.

import { useVirtualizer } from "@tanstack/react-virtual";
import { useRef } from "react";
import type { TableProps } from "./Table";

export interface VirtualTableProps<Row> extends TableProps<Row> {
  /** Pixel height of one row (default 36). */
  rowHeight?: number;
  /** Pixel height of the scrolling area (default 480). */
  height?: number;
}

export function VirtualTable<Row>({ caption, columns, rows, rowKey, empty = "Nothing here yet.", rowHeight = 36, height = 480 }: VirtualTableProps<Row>) {
  const scroller = useRef<HTMLElement>(null);
  const v = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 10 });
  const items = v.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = v.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section ref={scroller} className="virtual-table" style={{ maxHeight: height }} tabIndex={0} aria-label={caption}>
      <table className="table">
        <caption>
          {caption} ({rows.length})
        </caption>
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
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="empty">
                {empty}
              </td>
            </tr>
          )}
          {before > 0 && (
            <tr className="spacer">
              <td colSpan={columns.length} style={{ height: before, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <tr key={rowKey(row)} style={{ height: rowHeight }}>
                {columns.map((c) => (
                  <td key={c.id} className={c.className}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
          {after > 0 && (
            <tr className="spacer">
              <td colSpan={columns.length} style={{ height: after, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}

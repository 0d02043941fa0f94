// The context tree as an ARIA tree with one tab stop: arrows move, Right opens (or goes to the first
// child), Left closes (or goes to the parent), Enter / Space / click selects. Only the rows in view
// are in the DOM (@tanstack/react-virtual), so 1,000 orgs stay quick; aria-level, -posinset and
// -setsize tell a screen reader where a row sits although its siblings may not be rendered.

import { useVirtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import type { Row } from "./tree";

const ROW = 30;
const KIND_LABEL = { system: "System", instance: "Instance", org: "Org", project: "Project", app: "App" } as const;

export interface ContextTreeProps {
  rows: Row[];
  selected: string | undefined;
  onSelect(row: Row): void;
  onToggle(row: Row): void;
}

export function ContextTree({ rows, selected, onSelect, onToggle }: ContextTreeProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const v = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW, overscan: 12 });
  const at = Math.min(active, Math.max(rows.length - 1, 0));

  // Keep the active row where the selection is when the rows change (filter, load).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the virtualizer is a new object each render
  useEffect(() => {
    const i = rows.findIndex((r) => r.node.key === selected);
    if (i >= 0) setActive(i), v.scrollToIndex(i);
  }, [rows, selected]);

  const focusRow = (i: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, i));
    setActive(next);
    v.scrollToIndex(next);
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus());
  };

  const onKey = (e: KeyboardEvent, i: number) => {
    const row = rows[i]!;
    const parent = () => {
      let j = i - 1;
      while (j > 0 && rows[j]!.level >= row.level) j--;
      return j;
    };
    const move: Record<string, number> = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: rows.length - 1 };
    if (Object.hasOwn(move, e.key)) focusRow(move[e.key]!);
    else if (e.key === "ArrowRight") row.expandable && !row.expanded ? onToggle(row) : row.expanded && focusRow(i + 1);
    else if (e.key === "ArrowLeft") row.expanded ? onToggle(row) : focusRow(parent());
    else if (e.key === "Enter" || e.key === " ") onSelect(row);
    else return;
    e.preventDefault();
  };

  return (
    <div ref={scroller} className="context-tree">
      <div role="tree" aria-label="Contexts" style={{ height: v.getTotalSize(), position: "relative" }}>
        {v.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const n = row.node;
          return (
            <div
              key={n.key}
              role="treeitem"
              data-index={item.index}
              data-key={n.key}
              aria-level={row.level}
              aria-posinset={row.pos}
              aria-setsize={row.size}
              aria-expanded={row.expandable ? row.expanded : undefined}
              aria-selected={n.key === selected}
              tabIndex={item.index === at ? 0 : -1}
              className={`tree-row${n.key === selected ? " selected" : ""}`}
              style={{ transform: `translateY(${item.start}px)`, height: ROW, paddingLeft: `${(row.level - 1) * 1.1 + 0.3}rem` }}
              onClick={() => (setActive(item.index), onSelect(row))}
              onKeyDown={(e) => onKey(e, item.index)}
            >
              <span
                className="tree-twisty"
                aria-hidden="true"
                onClick={(e) => {
                  e.stopPropagation();
                  if (row.expandable) onToggle(row);
                }}
              >
                {row.expandable ? (row.expanded ? "▾" : "▸") : ""}
              </span>
              <span className="tree-kind">{KIND_LABEL[n.kind]}</span>
              <span className="tree-name">{n.name}</span>
              {n.tags?.map((t) => (
                <span key={t} className={`badge${t === "inactive" ? " badge-warn" : ""}`}>
                  {t}
                </span>
              ))}
              {n.count !== undefined && (
                <span className="badge tree-count" title={`${n.count} below`}>
                  {n.count}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

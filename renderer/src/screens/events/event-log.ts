// The event log as the Events screen keeps it: the newest events first, at most RING events (a
// ring: the oldest drop out), merged by position so the stream and the history never double up.

import type { EventQuery, StoredEvent } from "../../api/control";

export const RING = 5000;

export type EventFilters = Pick<EventQuery, "instanceId" | "aggregateType" | "aggregateId" | "type">;

/** Merges `incoming` into `kept` (both newest first), newest first, capped at RING. */
export function merge(kept: StoredEvent[], incoming: StoredEvent[]): StoredEvent[] {
  const byPosition = new Map<number, StoredEvent>();
  for (const e of [...incoming, ...kept]) if (!byPosition.has(e.position)) byPosition.set(e.position, e);
  return [...byPosition.values()].sort((a, b) => b.position - a.position).slice(0, RING);
}

// The event log as the Events screen shows it, live: the history matching the filters (GET /events,
// page by page to its end, read when the filters change or the screen opens) merged by position with
// what the stream (/events/stream, same filters) brings, newest first, the newest RING kept.

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { controlPaths, control, type StoredEvent } from "../../../api/control";
import { subscribe } from "../../../api/sse";
import { type EventFilters, merge } from "../event-log";

export type { StoredEvent };

export const eventsKeys = {
  history: (filters: EventFilters) => ["events", filters] as const,
};

/** The history matching `filters`, page by page to its end, keeping the newest RING (newest first). */
export async function listEvents(filters: EventFilters, signal?: AbortSignal): Promise<StoredEvent[]> {
  let kept: StoredEvent[] = [];
  let after: number | undefined;
  for (;;) {
    const page = await control.events({ ...filters, after, limit: 1000 }, signal);
    kept = merge(kept, page.events);
    if (page.nextAfter === null) return kept;
    after = page.nextAfter;
  }
}

export function useEventLog(filters: EventFilters) {
  // The stream keeps it current: the history is read when the filters change or the screen opens, not again on focus.
  const history = useQuery({ queryKey: eventsKeys.history(filters), queryFn: ({ signal }) => listEvents(filters, signal), refetchOnWindowFocus: false });
  const [heard, setHeard] = useState<StoredEvent[]>([]);
  const [live, setLive] = useState(false);
  useEffect(() => {
    setHeard([]);
    const close = subscribe(controlPaths.eventStream({ query: filters }), { event: (e) => setHeard((old) => merge(old, [e as StoredEvent])) }, (closed) =>
      setLive(!closed),
    );
    setLive(true);
    return close;
  }, [filters]);
  const events = useMemo(() => merge(heard, history.data ?? []), [heard, history.data]);
  return { events, loading: history.isPending, error: history.error, live };
}

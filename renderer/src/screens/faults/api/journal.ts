// The request journal of an instance, live: the history (GET /requests, read once) merged with what
// the stream (/requests/stream) brings, newest first, the newest SHOWN kept; and clearing it.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { controlPaths, control, type JournalEntry } from "../../../api/control";
import { subscribe } from "../../../api/sse";
import { faultsKeys } from "./keys";

export type { JournalEntry };

/** The newest requests kept on screen. */
export const SHOWN = 2000;

/** The journal so far, newest first. */
export const listJournal = (instanceId: string | undefined, signal?: AbortSignal): Promise<JournalEntry[]> =>
  control.requests({ instanceId }, signal).then((page) => page.requests.reverse());

export function useJournal(instanceId: string | undefined) {
  const queryClient = useQueryClient();
  const key = faultsKeys.journal(instanceId);
  // The stream keeps it current: the history is read when the screen opens, not again on focus.
  const history = useQuery({ queryKey: key, queryFn: ({ signal }) => listJournal(instanceId, signal), refetchOnWindowFocus: false });
  const [heard, setHeard] = useState<JournalEntry[]>([]);
  const [live, setLive] = useState(false);

  useEffect(() => {
    setHeard([]);
    // The stream opens with the history's read: what is answered meanwhile is in one or the other (merged by seq).
    const close = subscribe(
      controlPaths.requestStream({ query: { instanceId } }),
      { request: (e) => setHeard((old) => [e as JournalEntry, ...old].slice(0, SHOWN)) },
      (closed) => setLive(!closed),
    );
    setLive(true);
    return close;
  }, [instanceId]);

  const requests = useMemo(() => {
    const seen = new Set<number>();
    return [...heard, ...(history.data ?? [])].filter((e) => !seen.has(e.seq) && seen.add(e.seq)).slice(0, SHOWN);
  }, [heard, history.data]);

  const clear = useMutation({
    mutationFn: () => control.clearRequests(instanceId),
    onSuccess: () => {
      setHeard([]);
      queryClient.setQueryData(key, []);
    },
  });
  return { requests, live, error: history.error, clear };
}

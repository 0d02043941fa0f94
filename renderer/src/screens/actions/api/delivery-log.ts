// The delivery log of an instance, live: the recorded calls (GET /target-calls, the newest KEEP, read
// when the screen opens) merged by id with what the stream (/target-calls/stream) brings, newest
// first; and replaying a call (signed anew), which the stream then brings too.

import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { controlPaths, control, type TargetCall } from "../../../api/control";
import { subscribe } from "../../../api/sse";
import { actionsKeys } from "./keys";

export type { TargetCall };

/** The newest calls kept on screen (older ones stay in the API's log). */
export const KEEP = 500;

export const listTargetCalls = (instanceId: string, signal?: AbortSignal): Promise<TargetCall[]> =>
  control.targetCalls({ instanceId }, signal).then((all) => all.slice(-KEEP).reverse());

export function useDeliveryLog(instanceId: string) {
  // The stream keeps it current: the history is read when the screen opens, not again on focus.
  const history = useQuery({
    queryKey: actionsKeys.calls(instanceId),
    queryFn: ({ signal }) => listTargetCalls(instanceId, signal),
    refetchOnWindowFocus: false,
  });
  const [heard, setHeard] = useState<TargetCall[]>([]);
  const [live, setLive] = useState(true);
  useEffect(() => {
    setHeard([]);
    return subscribe(
      controlPaths.targetCallStream({ query: { instanceId } }),
      { call: (data) => setHeard((old) => [data as TargetCall, ...old].slice(0, KEEP)) },
      (closed) => setLive(!closed),
    );
  }, [instanceId]);
  const calls = useMemo(() => {
    const seen = new Set<string>();
    return [...heard, ...(history.data ?? [])].filter((c) => !seen.has(c.id) && seen.add(c.id)).slice(0, KEEP);
  }, [heard, history.data]);
  return { calls, live, error: history.error };
}

export const replayCall = (id: string): Promise<TargetCall> => control.replayCall(id);

export const useReplayCall = () => useMutation({ mutationFn: replayCall });

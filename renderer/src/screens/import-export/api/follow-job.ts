// One import or export job of the control API, followed live: start it, hear its progress counters
// per kind over server-sent events (/jobs/{id}/events replays what happened before we listened), end
// with the whole job (report or error), and cancel it while it is queued or running. A finished
// import makes the orgs offered for an export stale.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { controlPaths, control, type Job, type JobBody } from "../../../api/control";
import { subscribe } from "../../../api/sse";
import { importExportKeys } from "./keys";

export type Counters = Job["counters"];

export interface JobFollow {
  /** The job's id once started. */
  id: string | undefined;
  state: Job["state"] | undefined;
  counters: Counters;
  /** The final job (state done, failed or cancelled). */
  final: Job | undefined;
  /** Start failures and cancel failures. */
  error: unknown;
  start(body: JobBody): Promise<void>;
  cancel(): Promise<void>;
  clear(): void;
}

const FINAL = ["done", "failed", "cancelled"] as const;

export function useJob(): JobFollow {
  const queryClient = useQueryClient();
  const [id, setId] = useState<string>();
  const [state, setState] = useState<Job["state"]>();
  const [counters, setCounters] = useState<Counters>({});
  const [final, setFinal] = useState<Job>();
  const starting = useMutation({ mutationFn: (body: JobBody) => control.startJob(body) });
  // The stream tells the outcome: a queued job ends at once, a running export at its next org. The
  // answer is not used: it can arrive after the stream's final event and would show "running" again.
  const cancelling = useMutation({ mutationFn: (jobId: string) => control.cancelJob(jobId) });
  const close = useRef<() => void>(undefined);

  const stop = useCallback(() => {
    close.current?.();
    close.current = undefined;
  }, []);
  useEffect(() => stop, [stop]);

  const resetStart = starting.reset;
  const resetCancel = cancelling.reset;
  const clear = useCallback(() => {
    stop();
    setId(undefined), setState(undefined), setCounters({}), setFinal(undefined), resetStart(), resetCancel();
  }, [stop, resetStart, resetCancel]);

  const start = async (body: JobBody) => {
    clear();
    const started = await starting.mutateAsync(body).catch(() => undefined);
    if (!started) return;
    setId(started);
    setState("queued");
    const handlers: Record<string, (data: unknown) => void> = {
      progress: (data) => {
        const p = data as { kind: string; done: number; total: number };
        setState("running");
        setCounters((c) => ({ ...c, [p.kind]: { done: p.done, total: p.total } }));
      },
    };
    // The server ends the stream after the final event. EventSource would reconnect (and replay), so
    // it is closed when that end arrives (its error event); closing it earlier would abort the request.
    let ended = false;
    for (const name of FINAL)
      handlers[name] = (data) => {
        const job = data as Job;
        ended = true;
        setState(job.state), setCounters(job.counters), setFinal(job);
        if (body.kind === "import" && !body.dryRun && job.state === "done") void queryClient.invalidateQueries({ queryKey: importExportKeys.orgs() });
      };
    close.current = subscribe(controlPaths.jobEvents({ params: { id: started } }), handlers, () => void (ended && stop()));
  };

  const cancel = async () => {
    if (id) await cancelling.mutateAsync(id).catch(() => undefined);
  };

  return { id, state, counters, final, error: starting.error ?? cancelling.error, start, cancel, clear };
}

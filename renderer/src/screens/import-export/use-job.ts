// One import or export job of the control API, followed live: start it, hear its progress counters
// per kind over server-sent events (/jobs/{id}/events replays what happened before we listened), end
// with the whole job (report or error), and cancel it while it is queued or running.

import { useCallback, useEffect, useRef, useState } from "react";
import { control, type Job, type JobBody } from "../../api/control";
import { subscribe } from "../../api/sse";
import { useAction } from "../../api/use-data";

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
  const [id, setId] = useState<string>();
  const [state, setState] = useState<Job["state"]>();
  const [counters, setCounters] = useState<Counters>({});
  const [final, setFinal] = useState<Job>();
  const action = useAction();
  const close = useRef<() => void>(undefined);

  const stop = useCallback(() => {
    close.current?.();
    close.current = undefined;
  }, []);
  useEffect(() => stop, [stop]);

  const clear = useCallback(() => {
    stop();
    setId(undefined), setState(undefined), setCounters({}), setFinal(undefined), action.clearError();
  }, [stop, action.clearError]);

  const start = async (body: JobBody) => {
    clear();
    const started = await action.run(() => control.startJob(body));
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
      };
    close.current = subscribe(`/jobs/${encodeURIComponent(started)}/events`, handlers, () => void (ended && stop()));
  };

  const cancel = async () => {
    if (!id) return;
    // The stream tells the outcome: a queued job ends at once, a running export at its next org. The
    // answer is not used: it can arrive after the stream's final event and would show "running" again.
    await action.run(() => control.cancelJob(id));
  };

  return { id, state, counters, final, error: action.error, start, cancel, clear };
}

// Jobs of the control API (issue 12): an import or export started by the UI or the CLI, run in the
// background one after another (first in, first out), with progress counters per kind, a final
// report, server-sent events and cancel. Jobs live in memory only (a restart forgets them; a reset does not), the last
// KEPT_ENDED_JOBS ended ones at most.
// What cancel means exactly: docs/behaviour.md "Org diff and jobs".

import type { Core } from "../domain/core.js";
import { Emitter } from "../kernel/emitter.js";
import { toSvcError } from "../kernel/errors.js";

export type JobKind = "import" | "export";
export type JobState = "queued" | "running" | "done" | "failed" | "cancelled";
export interface Progress {
  kind: string;
  done: number;
  total: number;
}

export interface JobView {
  id: string;
  kind: JobKind;
  /** The instance the job imports into or exports from. */
  instanceId: string;
  state: JobState;
  createdAt: string;
  finishedAt?: string;
  /** Per kind of item, how many of how many were processed. */
  counters: Record<string, { done: number; total: number }>;
  /** The final answer: the import's result, or the export's document. */
  report?: unknown;
  error?: { code: number; message: string };
}

/** One server-sent event of a job: progress, or the final state with the whole job. */
export type JobEvent = { event: "progress"; data: Progress } | { event: "done" | "failed" | "cancelled"; data: JobView };

/** What a running job gets: report progress, and (between steps) yield and stop when cancelled. */
export interface JobRun {
  progress(kind: string, done: number, total: number): void;
  /** Yields to the event loop, then throws JobCancelled when cancel was asked for. */
  checkpoint(): Promise<void>;
}

export class JobCancelled extends Error {
  constructor() {
    super("cancelled");
  }
}

interface Job {
  view: JobView;
  /** Every event so far, replayed to a late SSE client. */
  history: JobEvent[];
  emitter: Emitter<{ event: JobEvent }>;
  cancelAsked: boolean;
  run: (r: JobRun) => Promise<unknown>;
}

/** The error of a failed job in the control API's {code, message} (toSvcError reports a bug on stderr and hides it). */
const errorOf = (e: unknown) => {
  const err = toSvcError(e);
  return { code: err.code, message: err.message };
};

/** How many ended jobs are kept (their reports can be whole exports); older ones are forgotten. */
export const KEPT_ENDED_JOBS = 100;

export class Jobs {
  /** In the order they were started. */
  private readonly jobs = new Map<string, Job>();
  /** Ended jobs, oldest first. */
  private readonly ended: string[] = [];
  private readonly queue: Job[] = [];
  private running = false;
  private readonly changes = new Emitter<{ changed: JobView }>();

  constructor(
    private readonly nextId: () => string,
    private readonly now: () => Date,
  ) {}

  /** Calls `listener` with a job each time it starts, runs, progresses or ends; returns the stop function. */
  onChange(listener: (job: JobView) => void): () => void {
    return this.changes.on("changed", listener);
  }

  start(kind: JobKind, instanceId: string, run: (r: JobRun) => Promise<unknown>): JobView {
    const view: JobView = { id: this.nextId(), kind, instanceId, state: "queued", createdAt: this.now().toISOString(), counters: {} };
    const job: Job = { view, history: [], emitter: new Emitter(), cancelAsked: false, run };
    this.jobs.set(view.id, job);
    this.queue.push(job);
    this.changes.emit("changed", view);
    setImmediate(() => void this.drain());
    return view;
  }

  get(id: string): JobView | undefined {
    return this.jobs.get(id)?.view;
  }

  /**
   * The jobs kept (queued, running, and the last ended ones), newest first (the order they were started
   * in, not their times: the emulator clock may stand still), without their reports (a report can be a
   * whole export: read one job for it); `instanceId` and `states` narrow the list when given.
   */
  list(filter: { instanceId?: string; states?: JobState[] } = {}): Omit<JobView, "report">[] {
    const { instanceId, states } = filter;
    return [...this.jobs.values()]
      .reverse()
      .map((j) => j.view)
      .filter((v) => (instanceId === undefined || v.instanceId === instanceId) && (!states?.length || states.includes(v.state)))
      .map(({ report: _report, ...summary }) => summary);
  }

  /** The events so far, and a subscription to the rest (undefined: no such job). */
  watch(id: string, listener: (e: JobEvent) => void): { past: JobEvent[]; off: () => void } | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    return { past: [...job.history], off: job.emitter.on("event", listener) };
  }

  /**
   * Asks a job to stop. A queued job is cancelled at once and never runs; a running one stops at its
   * next checkpoint. Answers the job, or undefined when there is no such job.
   */
  cancel(id: string): JobView | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    if (job.view.state === "queued") {
      this.queue.splice(this.queue.indexOf(job), 1);
      this.finish(job, "cancelled");
    } else if (job.view.state === "running") job.cancelAsked = true;
    return job.view;
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let job = this.queue.shift(); job; job = this.queue.shift()) await this.runOne(job);
    } finally {
      this.running = false;
    }
  }

  private async runOne(job: Job): Promise<void> {
    job.view.state = "running";
    this.changes.emit("changed", job.view);
    const run: JobRun = {
      progress: (kind, done, total) => {
        job.view.counters[kind] = { done, total };
        this.emit(job, { event: "progress", data: { kind, done, total } });
      },
      checkpoint: async () => {
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (job.cancelAsked) throw new JobCancelled();
      },
    };
    try {
      job.view.report = await job.run(run);
      this.finish(job, "done");
    } catch (e) {
      if (e instanceof JobCancelled) return this.finish(job, "cancelled");
      job.view.error = errorOf(e);
      this.finish(job, "failed");
    }
  }

  private finish(job: Job, state: "done" | "failed" | "cancelled"): void {
    job.view.state = state;
    job.view.finishedAt = this.now().toISOString();
    this.emit(job, { event: state, data: job.view });
    this.ended.push(job.view.id);
    while (this.ended.length > KEPT_ENDED_JOBS) this.jobs.delete(this.ended.shift()!);
  }

  private emit(job: Job, e: JobEvent): void {
    job.history.push(e);
    job.emitter.emit("event", e);
    this.changes.emit("changed", job.view);
  }
}

const byCore = new WeakMap<Core, Jobs>();

/** The jobs of one emulator: the job routes run them, the change notices (change-routes.ts) watch them. */
export function jobsOf(core: Core): Jobs {
  let jobs = byCore.get(core);
  if (!jobs)
    byCore.set(
      core,
      (jobs = new Jobs(
        () => core.ids.next(),
        () => core.clock.now(),
      )),
    );
  return jobs;
}

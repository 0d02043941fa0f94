// The import and export jobs running now or waiting to run (issue 24), whoever started them (this
// screen, the CLI, a script): GET /jobs?state=queued&state=running, newest first, read again every
// second; each with its kind, instance, state and counters, and Cancel while it can still stop.

import { control, type JobSummary } from "../../api/control";
import { useAction, useData } from "../../api/use-data";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { useSelection } from "../../context/selection";

const ACTIVE: JobSummary["state"][] = ["queued", "running"];

/** The sum of a job's counters over the kinds it has items of: "1200 of 10010", or "" before its first count. */
function progressOf(job: JobSummary): { done: number; total: number } {
  const kinds = Object.values(job.counters).filter((c) => c.total > 0);
  return { done: kinds.reduce((n, c) => n + c.done, 0), total: kinds.reduce((n, c) => n + c.total, 0) };
}

export function RunningJobs() {
  const { instances } = useSelection();
  const jobs = useData(() => control.jobs({ state: ACTIVE }), [], { everyMs: 1000 });
  const cancel = useAction();
  const instanceName = (id: string) => instances.find((i) => i.id === id)?.name ?? id;

  return (
    <section aria-labelledby="running-jobs-title" className="card">
      <h2 id="running-jobs-title">Running jobs</h2>
      <ErrorBanner error={jobs.error ?? cancel.error} />
      <Table<JobSummary>
        caption="Import and export jobs running or waiting, newest first"
        rows={jobs.data ?? []}
        rowKey={(j) => j.id}
        empty={jobs.loading && !jobs.data ? "Loading…" : "No jobs running."}
        columns={[
          { id: "id", header: "Job", cell: (j) => <code>{j.id}</code> },
          { id: "kind", header: "Kind", cell: (j) => j.kind },
          { id: "instance", header: "Instance", cell: (j) => instanceName(j.instanceId) },
          { id: "state", header: "State", cell: (j) => j.state },
          {
            id: "progress",
            header: "Progress",
            cell: (j) => {
              const { done, total } = progressOf(j);
              return (
                <>
                  <progress aria-label={`Progress of job ${j.id}`} max={total || 1} value={done} /> {total ? `${done} of ${total}` : ""}
                  {Object.entries(j.counters)
                    .filter(([, c]) => c.total > 0)
                    .map(([kind, c]) => (
                      <span key={kind} className="muted">
                        {" "}
                        <code>{kind}</code> {c.done}/{c.total}
                      </span>
                    ))}
                </>
              );
            },
          },
          { id: "started", header: "Started", cell: (j) => new Date(j.createdAt).toLocaleTimeString() },
          {
            id: "cancel",
            header: "Action",
            cell: (j) => (
              <button type="button" aria-label={`Cancel job ${j.id}`} onClick={async () => (await cancel.run(() => control.cancelJob(j.id)), jobs.reload())}>
                Cancel
              </button>
            ),
          },
        ]}
      />
    </section>
  );
}

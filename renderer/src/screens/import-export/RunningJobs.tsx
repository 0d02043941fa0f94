// The import and export jobs running now or waiting to run (issue 24), whoever started them (this
// screen, the CLI, a script): GET /jobs?state=queued&state=running, newest first, read again when a
// change notice tells of a job started, progressing or ended; each with its kind, instance, state and
// counters, and Cancel while it can still stop.

import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { useSelection } from "../../context/selection";
import { useCancelJob } from "./api/cancel-job";
import { type JobSummary, useActiveJobs } from "./api/list-active-jobs";

/** The sum of a job's counters over the kinds it has items of: "1200 of 10010", or "" before its first count. */
function progressOf(job: JobSummary): { done: number; total: number } {
  const kinds = Object.values(job.counters).filter((c) => c.total > 0);
  return { done: kinds.reduce((n, c) => n + c.done, 0), total: kinds.reduce((n, c) => n + c.total, 0) };
}

export function RunningJobs() {
  const { instances } = useSelection();
  const jobs = useActiveJobs();
  const cancel = useCancelJob();
  const instanceName = (id: string) => instances.find((i) => i.id === id)?.name ?? id;

  return (
    <Card title="Running jobs">
      <ErrorBanner error={jobs.error ?? cancel.error} />
      <Table<JobSummary>
        caption="Import and export jobs running or waiting, newest first"
        rows={jobs.data ?? []}
        rowKey={(j) => j.id}
        empty={jobs.isPending ? "Loading…" : "No jobs running."}
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
              <button type="button" aria-label={`Cancel job ${j.id}`} onClick={() => cancel.mutate(j.id)}>
                Cancel
              </button>
            ),
          },
        ]}
      />
    </Card>
  );
}

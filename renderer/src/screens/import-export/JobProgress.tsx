// A job's progress: one bar over all its counters, a line per kind (kinds the job has none of are left
// out), its state, and Cancel while it can still stop.

import { ErrorBanner } from "../../components/ErrorBanner";
import type { JobFollow } from "./api/follow-job";

export function JobProgress({ job, label }: { job: JobFollow; label: string }) {
  if (!job.id && !job.error) return null;
  const kinds = Object.entries(job.counters).filter(([, c]) => c.total > 0);
  const done = kinds.reduce((n, [, c]) => n + c.done, 0);
  const total = kinds.reduce((n, [, c]) => n + c.total, 0);
  const active = job.state === "queued" || job.state === "running";
  return (
    <div className="job">
      <ErrorBanner error={job.error} />
      {job.id && (
        <>
          <div className="row">
            <label htmlFor={`job-${job.id}`}>{label}</label>
            <progress id={`job-${job.id}`} max={total || 1} value={total ? done : job.state === "done" ? 1 : 0} />
            <code data-testid="job-id">job {job.id}</code>
            <span data-testid="job-state" aria-live="polite">
              {job.state}
              {total ? ` · ${done} of ${total}` : ""}
            </span>
            {active && (
              <button type="button" onClick={job.cancel}>
                Cancel
              </button>
            )}
          </div>
          {kinds.length > 0 && (
            <ul className="plain job-kinds">
              {kinds.map(([kind, c]) => (
                <li key={kind}>
                  <code>{kind}</code> {c.done}/{c.total}
                </li>
              ))}
            </ul>
          )}
          {job.final?.error && (
            <p role="alert" className="danger-text">
              The job failed: {job.final.error.message}
            </p>
          )}
        </>
      )}
    </div>
  );
}

// Import (issue 13, screen 8): open a file, inspect it (orgs, counts, secrets, what is not carried
// over) with its validation errors pointing into the file, diff it against the selected instance,
// then a dry run or the import as a job with progress and its final report. Inspect and diff write nothing.

import { useState } from "react";
import type { ImportResult } from "../../api/control";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { useSelection } from "../../context/selection";
import { type DiffResult, type InspectResult, useCompareDocument } from "./api/compare-document";
import { useJob } from "./api/follow-job";
import { DiffView } from "./DiffView";
import { ImportReport } from "./ImportReport";
import { InspectView } from "./InspectView";
import { JobProgress } from "./JobProgress";
import { type OpenedFile, OpenFile } from "./OpenFile";
import { syntaxErrorPlace } from "./doc-path";
import { ValidationErrors } from "./ValidationErrors";

interface Opened {
  name: string;
  document?: unknown;
  syntax?: { message: string; place?: ReturnType<typeof syntaxErrorPlace> };
  inspect?: InspectResult;
  diff?: DiffResult;
}

export function ImportPanel() {
  const { instance } = useSelection();
  const [opened, setOpened] = useState<Opened>();
  const [bestEffort, setBestEffort] = useState(false);
  const [dryRun, setDryRun] = useState(false);
  const look = useCompareDocument(instance?.id);
  const job = useJob();

  const compare = async (name: string, document: unknown) => {
    const both = await look.mutateAsync(document).catch(() => undefined);
    if (both) setOpened({ name, document, ...both });
  };
  const open = async ({ name, text }: OpenedFile) => {
    job.clear();
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (e) {
      const message = (e as Error).message;
      return setOpened({ name, syntax: { message, place: syntaxErrorPlace(text, message) } });
    }
    setOpened({ name, document });
    await compare(name, document);
  };
  const start = (dry: boolean) => {
    setDryRun(dry);
    void job.start({ kind: "import", instanceId: instance?.id, document: opened?.document, dryRun: dry, bestEffort });
  };
  const busy = job.state === "queued" || job.state === "running";
  const valid = opened?.inspect?.valid ?? false;

  return (
    <Card title="Import">
      <OpenFile onOpen={open} />
      <ErrorBanner error={look.error} onDismiss={look.reset} />
      {opened && (
        <p>
          File <strong data-testid="file-name">{opened.name}</strong>
          {look.isPending && <span className="muted"> · reading…</span>}
        </p>
      )}
      {opened?.syntax && (
        <div role="alert" className="validation">
          <h3>The file is not JSON</h3>
          <p>{opened.syntax.message}</p>
          {opened.syntax.place && (
            <pre className="snippet">
              <span className="muted">
                line {opened.syntax.place.line}, column {opened.syntax.place.column}:{" "}
              </span>
              {opened.syntax.place.around}
            </pre>
          )}
        </div>
      )}
      {opened?.inspect && (
        <>
          <InspectView result={opened.inspect} />
          <ValidationErrors errors={opened.inspect.errors} document={opened.document} title={`${opened.inspect.errors.length} validation error(s)`} />
          {valid && <p className="muted">Valid: the engine accepts every part of the file.</p>}
        </>
      )}
      {opened?.diff && valid && (
        <section aria-labelledby="diff-title" className="diff">
          <h3 id="diff-title">Against instance {instance?.name}</h3>
          <DiffView diff={opened.diff} />
          <button type="button" onClick={() => compare(opened.name, opened.document)} disabled={look.isPending}>
            Compare again
          </button>
        </section>
      )}
      {opened?.document !== undefined && valid && (
        <div className="row">
          <label>
            <input type="checkbox" checked={bestEffort} onChange={(e) => setBestEffort(e.target.checked)} /> Best effort (keep what imports, report the rest)
          </label>
          <button type="button" onClick={() => start(true)} disabled={busy}>
            Dry run
          </button>
          <button type="button" onClick={() => start(false)} disabled={busy}>
            Import
          </button>
        </div>
      )}
      <JobProgress job={job} label={dryRun ? "Dry run progress" : "Import progress"} />
      {job.final?.state === "done" && job.final.report !== undefined && (
        <ImportReport report={job.final.report as ImportResult} dryRun={dryRun} document={opened?.document} />
      )}
    </Card>
  );
}

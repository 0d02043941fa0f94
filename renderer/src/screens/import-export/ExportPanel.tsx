// Export (issue 13, screen 8): the admin ExportData options (orgs to include or leave out, with
// passwords, with OTP) as an export job with progress; the finished document is offered as a file.

import { type FormEvent, useEffect, useMemo, useState } from "react";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { VirtualTable } from "../../components/VirtualTable";
import { useSelection } from "../../context/selection";
import { useJob } from "./api/follow-job";
import { type OrgRow, useExportOrgs } from "./api/list-orgs";
import { JobProgress } from "./JobProgress";
import { desktopBridge, exportFileName } from "./save-file";

type Choice = "all" | "include" | "exclude";

export function ExportPanel() {
  const { instance } = useSelection();
  // The orgs of the default instance are listed to choose from; for another one their ids are typed.
  const listable = instance?.isDefault ?? false;
  const orgs = useExportOrgs(listable);
  const [choice, setChoice] = useState<Record<string, Choice>>({});
  const [typed, setTyped] = useState({ include: "", exclude: "" });
  const [filter, setFilter] = useState("");
  const [withPasswords, setWithPasswords] = useState(false);
  const [withOtp, setWithOtp] = useState(false);
  const job = useJob();

  const picked = (c: Choice) => [
    ...Object.entries(choice)
      .filter(([, v]) => v === c)
      .map(([k]) => k),
    ...(c === "all" ? [] : typed[c].split(/[\s,]+/).filter(Boolean)),
  ];
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? (orgs.data ?? []).filter((o) => o.name.toLowerCase().includes(f) || o.id.includes(f)) : (orgs.data ?? []);
  }, [orgs.data, filter]);
  // Past 200 orgs only the rows in view are rendered.
  const OrgTable = shown.length > 200 ? VirtualTable : Table;
  const run = (e: FormEvent) => {
    e.preventDefault();
    void job.start({ kind: "export", instanceId: instance?.id, orgIds: picked("include"), excludedOrgIds: picked("exclude"), withPasswords, withOtp });
  };

  const text = useMemo(() => (job.final?.state === "done" ? `${JSON.stringify(job.final.report, null, 2)}\n` : undefined), [job.final]);
  const url = useMemo(() => (text === undefined ? undefined : URL.createObjectURL(new Blob([text], { type: "application/json" }))), [text]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const name = job.final ? exportFileName(job.final.finishedAt ?? job.final.createdAt) : "";
  const bridge = desktopBridge();
  const [saved, setSaved] = useState("");
  const exportedOrgs = (job.final?.report as { orgs?: unknown[] } | undefined)?.orgs?.length ?? 0;

  return (
    <Card title="Export">
      <form onSubmit={run}>
        <ErrorBanner error={orgs.error} />
        {listable ? (
          <>
            <label>
              Filter orgs <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
            </label>
            <OrgTable<OrgRow>
              caption="Orgs to export (none chosen: every org)"
              rows={shown}
              rowKey={(o) => o.id}
              empty={orgs.isPending ? "Loading…" : "No orgs."}
              columns={[
                { id: "name", header: "Org", cell: (o) => o.name },
                { id: "id", header: "Id", cell: (o) => <code>{o.id}</code> },
                {
                  id: "choice",
                  header: "Export",
                  cell: (o) => (
                    <select
                      aria-label={`Export ${o.name}`}
                      value={choice[o.id] ?? "all"}
                      onChange={(e) => setChoice({ ...choice, [o.id]: e.target.value as Choice })}
                    >
                      <option value="all">default</option>
                      <option value="include">only these</option>
                      <option value="exclude">leave out</option>
                    </select>
                  ),
                },
              ]}
            />
          </>
        ) : (
          <div className="row">
            <label>
              Only these org ids <input value={typed.include} onChange={(e) => setTyped({ ...typed, include: e.target.value })} />
            </label>
            <label>
              Leave out org ids <input value={typed.exclude} onChange={(e) => setTyped({ ...typed, exclude: e.target.value })} />
            </label>
          </div>
        )}
        <div className="row">
          <label>
            <input type="checkbox" checked={withPasswords} onChange={(e) => setWithPasswords(e.target.checked)} /> With password hashes
          </label>
          <label>
            <input type="checkbox" checked={withOtp} onChange={(e) => setWithOtp(e.target.checked)} aria-describedby="otp-help" /> With OTP secrets
          </label>
          <span id="otp-help" className="muted">
            the emulator keeps no OTP secrets, so there are none to add
          </span>
        </div>
        <div className="row">
          <button type="submit" disabled={job.state === "queued" || job.state === "running"}>
            Export
          </button>
        </div>
      </form>
      <JobProgress job={job} label="Export progress" />
      {text !== undefined && url && (
        <div className="row" data-testid="export-ready">
          <span>
            {exportedOrgs} org(s), {Math.ceil(text.length / 1024)} KB.
          </span>
          {bridge ? (
            <button type="button" onClick={async () => (await bridge.saveExport(name, new TextEncoder().encode(text)), setSaved(`Saved ${name}.`))}>
              Save {name}…
            </button>
          ) : (
            <a href={url} download={name}>
              Download {name}
            </a>
          )}
          <span aria-live="polite">{saved}</span>
        </div>
      )}
    </Card>
  );
}

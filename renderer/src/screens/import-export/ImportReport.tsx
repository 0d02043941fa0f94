// The final report of an import job: per org what was imported (or would be, for a dry run) by kind,
// then every error with its path into the file.

import type { ImportResult } from "../../api/control";
import { Table } from "../../components/Table";
import { ValidationErrors } from "./ValidationErrors";

type Done = ImportResult["success"]["orgs"][number];

/** The lengths of an org's success lists, by kind (`humanUserIds` → `humanUsers`). */
function counts(org: Done): string {
  return (
    Object.entries(org)
      .filter(([k, v]) => k !== "orgId" && Array.isArray(v) && v.length)
      .map(([k, v]) => `${k.replace(/Ids$/, "s")} ${(v as unknown[]).length}`)
      .join(", ") || "the org only"
  );
}

export function ImportReport({ report, dryRun, document }: { report: ImportResult; dryRun: boolean; document: unknown }) {
  const orgs = report.success.orgs;
  const verb = dryRun ? "would import" : "imported";
  return (
    <div className="import-report" data-testid="import-report">
      <h3>{dryRun ? "Dry run report (nothing was written)" : "Import report"}</h3>
      <p data-testid="import-outcome">
        {orgs.length
          ? `${orgs.length} org(s) ${verb}${report.errors.length ? `, ${report.errors.length} error(s)` : ""}.`
          : `Nothing ${verb}: ${report.errors.length} error(s) (atomic: nothing is kept when any item fails).`}
      </p>
      {orgs.length > 0 && (
        <Table<Done>
          caption={dryRun ? "Would be imported" : "Imported"}
          rows={orgs}
          rowKey={(o) => o.orgId}
          columns={[
            { id: "org", header: "Org", cell: (o) => <code>{o.orgId}</code> },
            { id: "counts", header: "Items", cell: counts },
          ]}
        />
      )}
      <ValidationErrors errors={report.errors} document={document} title="Errors of the import" />
    </div>
  );
}

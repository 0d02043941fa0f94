// What an opened document holds (the CLI's inspect): per org its counts per kind, the secrets it
// carries and what an import will not carry over.

import type { InspectResult } from "../../api/control";
import { Table } from "../../components/Table";

type OrgSummary = InspectResult["orgs"][number];
const line = (m: Record<string, number>) =>
  Object.entries(m)
    .map(([k, n]) => `${k} ${n}`)
    .join(", ") || "none";

export function InspectView({ result }: { result: InspectResult }) {
  return (
    <Table<OrgSummary>
      caption={`${result.orgs.length} org(s) in the file`}
      rows={result.orgs}
      rowKey={(o) => `${o.orgId}:${o.name}`}
      empty="The file holds no orgs."
      columns={[
        { id: "org", header: "Org", cell: (o) => <span className="org-name">{o.name || "(no name)"}</span> },
        { id: "id", header: "Id", cell: (o) => <code>{o.orgId || "(no id)"}</code> },
        { id: "counts", header: "Counts", cell: (o) => line(o.counts) },
        { id: "secrets", header: "Secrets", cell: (o) => line(o.secrets) },
        { id: "notCarried", header: "Not carried over", cell: (o) => line(o.notCarried) },
      ]}
    />
  );
}

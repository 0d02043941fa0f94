// One row per claim: name, value (times as local / UTC / relative), plain-language description and
// source; or the raw JSON.

import { useState } from "react";
import { JsonView } from "../../components/JsonView";
import { Table } from "../../components/Table";
import { claimInfo, SOURCE_LABEL, TIME_CLAIMS } from "./claim-info";
import { TimeValue } from "./time";

type Row = { name: string; value: unknown };

export function ClaimsCard({ payload, now, title = "Claims" }: { payload: Record<string, unknown>; now: Date | undefined; title?: string }) {
  const [raw, setRaw] = useState(false);
  const rows: Row[] = Object.entries(payload).map(([name, value]) => ({ name, value }));
  return (
    <section className="card wide" aria-labelledby="claims-title">
      <h2 id="claims-title">{title}</h2>
      <label className="row">
        <input type="checkbox" checked={raw} onChange={(e) => setRaw(e.target.checked)} /> Raw JSON
      </label>
      {raw ? (
        <JsonView value={payload} label="The payload" />
      ) : (
        <Table
          caption={`${rows.length} claims`}
          rows={rows}
          rowKey={(r) => r.name}
          columns={[
            { id: "name", header: "Claim", cell: (r) => <code>{r.name}</code> },
            {
              id: "value",
              header: "Value",
              cell: (r) =>
                TIME_CLAIMS.has(r.name) && typeof r.value === "number" ? (
                  <TimeValue seconds={r.value} now={now} />
                ) : (
                  <code className="claim-value">{typeof r.value === "string" ? r.value : JSON.stringify(r.value, null, 1)}</code>
                ),
            },
            { id: "description", header: "Meaning", cell: (r) => claimInfo(r.name).description },
            {
              id: "source",
              header: "Source",
              cell: (r) => <span className={`badge source-${claimInfo(r.name).source.replace(" ", "-")}`}>{SOURCE_LABEL[claimInfo(r.name).source]}</span>,
            },
          ]}
        />
      )}
    </section>
  );
}

// One row per claim: name, value (times as local / UTC / relative), plain-language description and
// source; or the raw JSON.

import { useState } from "react";
import { JsonView } from "../../components/JsonView";
import { Table } from "../../components/Table";
import { type ClaimInfo, claimInfo, SOURCE_LABEL, TIME_CLAIMS } from "./claim-info";
import { TimeValue } from "./time";
import { Card } from "../../components/Card";

type Row = { name: string; value: unknown };

/** Claim names the emulator recorded as added by an action's function, and which function. */
export interface ActionAdded {
  names: string[];
  fn: "preuserinfo" | "preaccesstoken";
}

export function ClaimsCard({ payload, now, added }: { payload: Record<string, unknown>; now: Date | undefined; added?: ActionAdded }) {
  const [raw, setRaw] = useState(false);
  const info = (name: string): ClaimInfo =>
    added?.names.includes(name)
      ? { source: "custom", description: `Added by the ${added.fn} function of an action (recorded when the token was issued)` }
      : claimInfo(name);
  const label = (name: string) => (added?.names.includes(name) ? `action function (${added.fn})` : SOURCE_LABEL[claimInfo(name).source]);
  const rows: Row[] = Object.entries(payload).map(([name, value]) => ({ name, value }));
  return (
    <Card title="Claims" className="wide">
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
            { id: "description", header: "Meaning", cell: (r) => info(r.name).description },
            {
              id: "source",
              header: "Source",
              cell: (r) => <span className="badge">{label(r.name)}</span>,
            },
          ]}
        />
      )}
    </Card>
  );
}

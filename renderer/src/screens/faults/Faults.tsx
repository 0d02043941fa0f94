// The Faults screen (issue 29): define faults for the selected instance from presets or as JSON,
// watch their hits and remove them; below, the request journal, live, with the fault that answered
// each request. Everything goes through /emulator/v1/faults and /emulator/v1/requests.

import { type FormEvent, useState } from "react";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { VirtualTable } from "../../components/VirtualTable";
import { useSelection } from "../../context/selection";
import { useChangeFaults } from "./api/change-faults";
import { type JournalEntry, useJournal } from "./api/journal";
import { useFaults } from "./api/list-faults";
import { describeWhat, describeWhere, PRESETS } from "./presets";
const EXAMPLE = JSON.stringify(
  { where: { endpoint: "token", grantType: "refresh_token" }, what: { kind: "oauthError", error: "invalid_grant" }, times: 2 },
  null,
  2,
);

export default function Faults() {
  const { instance } = useSelection();
  const instanceId = instance?.id;
  // Faults added, hit, removed or run out elsewhere come with a change notice.
  const faults = useFaults(instanceId);
  const action = useChangeFaults(instanceId);
  const journal = useJournal(instanceId);
  const { requests, live } = journal;
  const [custom, setCustom] = useState(EXAMPLE);
  const [notJson, setNotJson] = useState<Error>();

  const add = (definition: object) => (setNotJson(undefined), action.mutate({ kind: "add", definition }));
  const addCustom = (e: FormEvent) => {
    e.preventDefault();
    let parsed: object;
    try {
      parsed = JSON.parse(custom);
    } catch {
      action.reset();
      return setNotJson(Object.assign(new Error("the definition is not JSON"), { code: 3 }));
    }
    add(parsed);
  };

  return (
    <>
      <h1>Faults</h1>
      <Card title="Presets">
        <p className="muted">Each defines a fault for {instance?.name ?? "the instance"}; the list below shows its hits.</p>
        <div className="row fault-presets">
          {PRESETS.map((p) => (
            <button key={p.id} type="button" disabled={action.isPending} onClick={() => add(p.definition)}>
              {p.label}
            </button>
          ))}
        </div>
        <form onSubmit={addCustom} aria-label="Custom fault">
          <label className="fault-custom">
            Custom fault (JSON: where, what, times, for)
            <textarea rows={6} value={custom} onChange={(e) => setCustom(e.target.value)} spellCheck={false} />
          </label>
          <button type="submit" disabled={action.isPending}>
            Add fault
          </button>
        </form>
        <ErrorBanner error={notJson ?? action.error} onDismiss={() => (setNotJson(undefined), action.reset())} />
      </Card>

      <Card title="Faults">
        <ErrorBanner error={faults.error} />
        <Table
          caption="Faults of this instance"
          rows={faults.data ?? []}
          rowKey={(f) => f.id}
          empty="No fault: every request is answered normally."
          columns={[
            { id: "id", header: "Id", cell: (f) => <code>{f.id}</code> },
            { id: "where", header: "Where", cell: (f) => describeWhere(f.where) },
            { id: "what", header: "What", cell: (f) => describeWhat(f.what) },
            { id: "hits", header: "Hits", className: "num", cell: (f) => f.hits },
            { id: "left", header: "Left", className: "num", cell: (f) => f.remaining ?? "∞" },
            { id: "until", header: "Until", cell: (f) => (f.until ? <time dateTime={f.until}>{new Date(f.until).toLocaleTimeString()}</time> : "removed") },
            { id: "state", header: "State", cell: (f) => <span className="badge">{f.state}</span> },
            {
              id: "remove",
              header: <span className="offscreen">Remove</span>,
              cell: (f) => (
                <button type="button" aria-label={`Remove fault ${f.id}`} onClick={() => action.mutate({ kind: "remove", id: f.id })}>
                  Remove
                </button>
              ),
            },
          ]}
        />
        <button type="button" disabled={!faults.data?.length} onClick={() => action.mutate({ kind: "removeAll" })}>
          Remove all faults
        </button>
      </Card>

      <Card title="Request journal">
        <p className="muted" aria-live="polite" data-testid="journal-status">
          {requests.length} request{requests.length === 1 ? "" : "s"}
          {live ? ", live" : ", disconnected"}
        </p>
        <ErrorBanner error={journal.error ?? journal.clear.error} onDismiss={journal.clear.error ? journal.clear.reset : undefined} />
        <button type="button" onClick={() => journal.clear.mutate()}>
          Clear journal
        </button>
        <VirtualTable<JournalEntry>
          caption="Requests, newest first"
          rows={requests}
          rowKey={(e) => String(e.seq)}
          empty="No request yet."
          columns={[
            { id: "time", header: "Time", cell: (e) => <time dateTime={e.at}>{new Date(e.at).toLocaleTimeString()}</time> },
            { id: "surface", header: "Surface", cell: (e) => `${e.surface} ${e.transport}` },
            { id: "endpoint", header: "Endpoint or rpc", cell: (e) => <code>{e.endpoint}</code> },
            { id: "client", header: "Client", cell: (e) => e.clientId ?? "" },
            { id: "user", header: "User", cell: (e) => e.userId ?? "" },
            { id: "outcome", header: "Answer", cell: (e) => [e.status, e.code].filter((x) => x !== null).join(" ") || "dropped" },
            { id: "duration", header: "ms", className: "num", cell: (e) => e.durationMs.toFixed(1) },
            { id: "fault", header: "Fault", cell: (e) => (e.faultId ? <span className="badge">{e.faultId}</span> : "") },
          ]}
        />
      </Card>
    </>
  );
}

// The Faults screen (issue 29): define faults for the selected instance from presets or as JSON,
// watch their hits and remove them; below, the request journal, live, with the fault that answered
// each request. Everything goes through /emulator/v1/faults and /emulator/v1/requests.

import { type FormEvent, useEffect, useState } from "react";
import { control, type JournalEntry, query } from "../../api/control";
import { subscribe } from "../../api/sse";
import { useAction, useData } from "../../api/use-data";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { VirtualTable } from "../../components/VirtualTable";
import { useSelection } from "../../context/selection";
import { describeWhat, describeWhere, PRESETS } from "./presets";

/** The newest requests kept on screen. */
const SHOWN = 2000;
const EXAMPLE = JSON.stringify(
  { where: { endpoint: "token", grantType: "refresh_token" }, what: { kind: "oauthError", error: "invalid_grant" }, times: 2 },
  null,
  2,
);

export default function Faults() {
  const { instance } = useSelection();
  const instanceId = instance?.id;
  const faults = useData(() => control.faults(instanceId), [instanceId], { everyMs: 1000 });
  const action = useAction();
  const [custom, setCustom] = useState(EXAMPLE);
  const [requests, setRequests] = useState<JournalEntry[]>([]);
  const [live, setLive] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setRequests([]);
    const close = subscribe(
      `/requests/stream${query({ instanceId })}`,
      { request: (e) => setRequests((old) => [e as JournalEntry, ...old].slice(0, SHOWN)) },
      (closed) => setLive(!closed),
    );
    setLive(true);
    control.requests({ instanceId }).then(
      (page) => !cancelled && setRequests((old) => [...old, ...page.requests.reverse().filter((e) => !old.some((o) => o.seq === e.seq))].slice(0, SHOWN)),
      () => undefined,
    );
    return () => {
      cancelled = true;
      close();
    };
  }, [instanceId]);

  const add = (definition: unknown) => action.run(() => control.addFault({ instanceId, ...(definition as object) }).then(() => faults.reload()));
  const addCustom = (e: FormEvent) => {
    e.preventDefault();
    let parsed: unknown;
    try {
      parsed = JSON.parse(custom);
    } catch {
      return action.run(() => Promise.reject(Object.assign(new Error("the definition is not JSON"), { code: 3 })));
    }
    return add(parsed);
  };

  return (
    <>
      <h1>Faults</h1>
      <section aria-labelledby="fault-presets-title" className="card">
        <h2 id="fault-presets-title">Presets</h2>
        <p className="muted">Each defines a fault for {instance?.name ?? "the instance"}; the list below shows its hits.</p>
        <div className="row fault-presets">
          {PRESETS.map((p) => (
            <button key={p.id} type="button" disabled={action.pending} onClick={() => add(p.definition)}>
              {p.label}
            </button>
          ))}
        </div>
        <form onSubmit={addCustom} aria-label="Custom fault">
          <label className="fault-custom">
            Custom fault (JSON: where, what, times, for)
            <textarea rows={6} value={custom} onChange={(e) => setCustom(e.target.value)} spellCheck={false} />
          </label>
          <button type="submit" disabled={action.pending}>
            Add fault
          </button>
        </form>
        <ErrorBanner error={action.error} onDismiss={action.clearError} />
      </section>

      <section aria-labelledby="fault-list-title" className="card">
        <h2 id="fault-list-title">Faults</h2>
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
                <button
                  type="button"
                  aria-label={`Remove fault ${f.id}`}
                  onClick={() => action.run(() => control.removeFault(f.id).then(() => faults.reload()))}
                >
                  Remove
                </button>
              ),
            },
          ]}
        />
        <button type="button" disabled={!faults.data?.length} onClick={() => action.run(() => control.removeFaults(instanceId).then(() => faults.reload()))}>
          Remove all faults
        </button>
      </section>

      <section aria-labelledby="journal-title" className="card">
        <h2 id="journal-title">Request journal</h2>
        <p className="muted" aria-live="polite" data-testid="journal-status">
          {requests.length} request{requests.length === 1 ? "" : "s"}
          {live ? ", live" : ", disconnected"}
        </p>
        <button type="button" onClick={() => action.run(() => control.clearRequests(instanceId).then(() => setRequests([])))}>
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
      </section>
    </>
  );
}

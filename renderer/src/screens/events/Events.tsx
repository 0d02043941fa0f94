// The Events screen (issue 13, screen 7): the event log, live, filtered on the server by instance,
// aggregate type, aggregate id and type; a filter applies while typing (DEBOUNCE_MS after the last
// key). The history loads through GET /events, new events arrive on /events/stream with the same
// filters; the newest 5,000 are kept.

import { useEffect, useState } from "react";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { JsonView } from "../../components/JsonView";
import { VirtualTable } from "../../components/VirtualTable";
import { useSelection } from "../../context/selection";
import { type StoredEvent, useEventLog } from "./api/list-events";
import { type EventFilters, RING } from "./event-log";

const ALL = "";
/** How long typing pauses before the filters apply: one request per pause, not per key. */
const DEBOUNCE_MS = 300;

const trimmed = (f: EventFilters) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, (v ?? "").trim()])) as EventFilters;
const sameFilters = (a: EventFilters, b: EventFilters) => JSON.stringify(trimmed(a)) === JSON.stringify(trimmed(b));

export default function Events() {
  const { instance, instances } = useSelection();
  const [draft, setDraft] = useState<EventFilters>({ instanceId: instance?.id ?? ALL });
  const [filters, setFilters] = useState<EventFilters>(draft);
  const { events, loading, error, live } = useEventLog(filters);
  const [selected, setSelected] = useState<number>();

  useEffect(() => {
    const t = setTimeout(() => setFilters((now) => (sameFilters(now, draft) ? now : trimmed(draft))), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [draft]);
  const set = (k: keyof EventFilters, v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const chosen = events.find((e) => e.position === selected);
  const instanceName = (id: string) => instances.find((i) => i.id === id)?.name ?? id;

  return (
    <>
      <h1>Events</h1>
      <Card title="Event log">
        <form className="event-filters" onSubmit={(e) => e.preventDefault()} aria-label="Filters">
          <label>
            Instance
            <select value={draft.instanceId ?? ALL} onChange={(e) => set("instanceId", e.target.value)}>
              <option value={ALL}>all instances</option>
              {instances.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Aggregate type <input value={draft.aggregateType ?? ""} onChange={(e) => set("aggregateType", e.target.value)} placeholder="user" />
          </label>
          <label>
            Aggregate id <input value={draft.aggregateId ?? ""} onChange={(e) => set("aggregateId", e.target.value)} />
          </label>
          <label>
            Event type <input value={draft.type ?? ""} onChange={(e) => set("type", e.target.value)} placeholder="user.human.added" />
          </label>
        </form>
        <p className="muted" aria-live="polite" data-testid="event-status">
          {loading ? "Loading…" : `${events.length} event${events.length === 1 ? "" : "s"}${events.length >= RING ? ` (the newest ${RING})` : ""}`}
          {live ? ", live" : ", disconnected"}
        </p>
        <ErrorBanner error={error} />
        <VirtualTable<StoredEvent>
          caption="Events, newest first"
          rows={events}
          rowKey={(e) => String(e.position)}
          empty={loading ? "Loading…" : "No events match."}
          columns={[
            { id: "position", header: "Position", className: "num", cell: (e) => e.position },
            { id: "time", header: "Time", cell: (e) => <time dateTime={e.createdAt}>{new Date(e.createdAt).toLocaleTimeString()}</time> },
            { id: "instance", header: "Instance", cell: (e) => instanceName(e.instanceId) },
            { id: "aggregate", header: "Aggregate", cell: (e) => `${e.aggregateType} ${e.aggregateId}` },
            { id: "sequence", header: "Seq", className: "num", cell: (e) => e.aggregateSequence },
            { id: "type", header: "Type", cell: (e) => <code>{e.type}</code> },
            { id: "origin", header: "Origin", cell: (e) => e.origin ?? "" },
            {
              id: "open",
              header: <span className="offscreen">Payload</span>,
              cell: (e) => (
                <button
                  type="button"
                  aria-label={`Payload of event ${e.position}`}
                  aria-pressed={e.position === selected}
                  onClick={() => setSelected(e.position)}
                >
                  Payload
                </button>
              ),
            },
          ]}
        />
      </Card>
      {chosen && (
        <Card
          title={
            <>
              Event {chosen.position}: {chosen.type}
            </>
          }
        >
          <p className="muted">
            Creator {chosen.creator}, resource owner {chosen.resourceOwner}, {chosen.createdAt}
          </p>
          <JsonView value={chosen.payload} label="Payload" />
        </Card>
      )}
    </>
  );
}

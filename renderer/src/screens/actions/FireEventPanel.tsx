// Fire an event at the event executions (issue 13, Actions): a type, an editable sample payload; the
// control API delivers it to the matching execution only (nothing is stored) and answers the calls
// it caused, which show here and in the delivery log.

import { type FormEvent, useState } from "react";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { type EventFired, useFireEvent } from "./api/fire-event";
import { useExecutions } from "./api/list-executions";
import { SignatureBadge, statusText } from "./DeliveryLog";
import type { Execution } from "./model";
import { EVENT_TYPES, samplePayload } from "./sample-events";

/** An event type that the execution's condition matches: its own type, a sample of its group, or any sample. */
function typeFor(x: Execution): string | undefined {
  const c = x.condition.event;
  if (!c) return undefined;
  if (c.event !== undefined) return c.event;
  if (c.group !== undefined) return EVENT_TYPES.find((t) => t.startsWith(`${c.group}.`)) ?? `${c.group}.added`;
  return EVENT_TYPES[0];
}

export function FireEventPanel({ instanceId, targetNames, onFired }: { instanceId: string; targetNames: Map<string, string>; onFired(r: EventFired): void }) {
  const executions = useExecutions().data ?? [];
  const [type, setType] = useState(EVENT_TYPES[0]!);
  const [payload, setPayload] = useState(samplePayload(EVENT_TYPES[0]!));
  const [touched, setTouched] = useState(false);
  /** The execution picked to fill in the type; it stays shown while the type is still the one it gave. */
  const [picked, setPicked] = useState("");
  const [parseError, setParseError] = useState("");
  const [result, setResult] = useState<EventFired>();
  const action = useFireEvent();

  const chooseType = (t: string) => {
    setType(t);
    // A payload the user edited stays; an untouched one follows the type's sample.
    if (!touched) setPayload(samplePayload(t));
  };
  const pick = (id: string) => {
    setPicked(id);
    const x = executions.find((x) => x.id === id);
    const t = x && typeFor(x);
    if (t) chooseType(t);
  };
  const pickedExecution = executions.find((x) => x.id === picked);
  // The picker shows the execution while the type is the one it filled in (an edited type is no longer its).
  const pickedNow = pickedExecution && typeFor(pickedExecution) === type ? picked : "";
  const fire = (e: FormEvent) => {
    e.preventDefault();
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload || "{}");
    } catch (err) {
      return setParseError(`The payload is not JSON: ${(err as Error).message}`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return setParseError("The payload must be a JSON object.");
    setParseError("");
    action.mutate({ instanceId, type: type.trim(), payload: parsed as Record<string, unknown> }, { onSuccess: (fired) => (setResult(fired), onFired(fired)) });
  };

  return (
    <Card title="Fire an event">
      <p className="muted">Delivered to the event executions only: nothing is stored and no state changes.</p>
      <ErrorBanner error={action.error} onDismiss={action.reset} />
      <form onSubmit={fire}>
        <label>
          At execution{" "}
          <select value={pickedNow} onChange={(e) => pick(e.target.value)}>
            <option value="">choose to fill in a matching type</option>
            {executions.flatMap((x) => {
              const t = typeFor(x);
              return t ? [<option key={x.id} value={x.id}>{`${x.id} (${t})`}</option>] : [];
            })}
          </select>
        </label>{" "}
        <label>
          Event type <input value={type} onChange={(e) => chooseType(e.target.value)} list="fire-event-types" required />
        </label>
        <datalist id="fire-event-types">
          {EVENT_TYPES.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <label className="stack">
          Payload (event_payload, JSON)
          <textarea
            value={payload}
            rows={8}
            spellCheck={false}
            aria-invalid={parseError ? true : undefined}
            aria-describedby={parseError ? "payload-error" : undefined}
            onChange={(e) => (setPayload(e.target.value), setTouched(true))}
          />
        </label>
        {parseError && (
          <p id="payload-error" role="alert" className="error-banner">
            {parseError}
          </p>
        )}
        <span className="row">
          <button type="submit" disabled={action.isPending}>
            Fire event
          </button>
          <button type="button" onClick={() => (setPayload(samplePayload(type)), setTouched(false))}>
            Sample payload
          </button>
        </span>
      </form>
      {result && (
        <div aria-live="polite" data-testid="fire-result">
          <p>
            {result.executionId === null ? (
              "No execution matches this event: no target was called."
            ) : (
              <>
                Matched execution <code>{result.executionId}</code>: {result.calls.length} synchronous call{result.calls.length === 1 ? "" : "s"}.
              </>
            )}
          </p>
          {result.calls.length > 0 && (
            <Table
              caption="Calls this event caused"
              rows={result.calls}
              rowKey={(c) => c.id}
              columns={[
                { id: "target", header: "Target", cell: (c) => targetNames.get(c.targetId) ?? c.targetId },
                { id: "status", header: "Status", className: "num", cell: (c) => statusText(c) },
                { id: "signature", header: "Signature", cell: (c) => <SignatureBadge valid={c.signatureValid} /> },
                { id: "latency", header: "Latency", className: "num", cell: (c) => `${Math.round(c.durationMs)} ms` },
              ]}
            />
          )}
        </div>
      )}
    </Card>
  );
}

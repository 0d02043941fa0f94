// The delivery log (issue 13, Actions): every call of a target, live from the control API's stream;
// a call's payload, headers, signature check, status, latency and response; replay signs it anew.

import { useState } from "react";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { JsonView } from "../../components/JsonView";
import { Table } from "../../components/Table";
import { type TargetCall, useDeliveryLog, useReplayCall } from "./api/delivery-log";

export function SignatureBadge({ valid }: { valid: boolean | null }) {
  if (valid === null) return <span className="badge">target deleted</span>;
  return valid ? <span className="badge badge-ok">signature ok</span> : <span className="badge badge-warn">signature invalid</span>;
}

export function statusText(c: TargetCall): string {
  return c.status === null ? (c.error ?? "no answer") : String(c.status);
}

export function DeliveryLog({ instanceId, targetNames, highlight }: { instanceId: string; targetNames: Map<string, string>; highlight: string[] }) {
  const { calls: rows, live, error } = useDeliveryLog(instanceId);
  const [selected, setSelected] = useState<string>();
  const action = useReplayCall();
  const chosen = rows.find((c) => c.id === selected);
  const replay = (c: TargetCall) => action.mutate(c.id, { onSuccess: (again) => setSelected(again.id) });

  return (
    <Card title="Delivery log" className="wide">
      <p className="muted" aria-live="polite">
        {live ? "Live: new calls appear as they are made." : "Disconnected; reconnecting…"}
      </p>
      <ErrorBanner error={error ?? action.error} onDismiss={action.error ? action.reset : undefined} />
      <Table<TargetCall>
        caption="Target calls, newest first"
        rows={rows}
        rowKey={(c) => c.id}
        empty="No target calls yet. Fire an event or call an API an execution watches."
        columns={[
          { id: "time", header: "Time", cell: (c) => <time dateTime={c.createdAt}>{new Date(c.createdAt).toLocaleTimeString()}</time> },
          { id: "target", header: "Target", cell: (c) => targetNames.get(c.targetId) ?? c.targetId },
          { id: "execution", header: "Execution", cell: (c) => <code>{c.executionId}</code> },
          { id: "status", header: "Status", className: "num", cell: (c) => statusText(c) },
          { id: "signature", header: "Signature", cell: (c) => <SignatureBadge valid={c.signatureValid} /> },
          { id: "latency", header: "Latency", className: "num", cell: (c) => `${Math.round(c.durationMs)} ms` },
          {
            id: "open",
            header: <span className="offscreen">Details</span>,
            cell: (c) => (
              <button type="button" aria-label={`Details of call ${c.id}`} aria-pressed={c.id === selected} onClick={() => setSelected(c.id)}>
                Details{highlight.includes(c.id) ? " (fired)" : ""}
              </button>
            ),
          },
        ]}
      />
      {chosen && <CallDetails call={chosen} targetName={targetNames.get(chosen.targetId)} onReplay={() => replay(chosen)} pending={action.isPending} />}
    </Card>
  );
}

function CallDetails({ call, targetName, onReplay, pending }: { call: TargetCall; targetName?: string; onReplay(): void; pending: boolean }) {
  return (
    <div className="call-details" data-testid="call-details">
      <h3>
        Call {call.id} to {targetName ?? call.targetId}
      </h3>
      <dl className="facts">
        <div>
          <dt>URL</dt>
          <dd>
            <code>{call.url}</code>
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd data-testid="call-status">{statusText(call)}</dd>
        </div>
        <div>
          <dt>Signature</dt>
          <dd data-testid="call-signature">
            <SignatureBadge valid={call.signatureValid} />
          </dd>
        </div>
        <div>
          <dt>Latency</dt>
          <dd>{`${call.durationMs.toFixed(1)} ms`}</dd>
        </div>
        {call.error && (
          <div>
            <dt>Error</dt>
            <dd>{call.error}</dd>
          </div>
        )}
      </dl>
      <button type="button" onClick={onReplay} disabled={pending}>
        Replay
      </button>
      <JsonView value={call.payload} label="Payload sent" />
      <JsonView value={call.headers} label="Headers sent" />
      <figure className="json-view">
        <figcaption>Response</figcaption>
        <pre className="json">{call.response === null ? "(none)" : call.response || "(empty)"}</pre>
      </figure>
    </div>
  );
}

// The form of a target, for create and edit: name, endpoint, type, timeout and how a failure counts
// (the proto's execution_type oneof: sync, sync and interrupt on error, or async).

import { type FormEvent, useState } from "react";
import type { TargetInput, TargetMode, TargetType } from "./model";

const MODES: Record<TargetMode, string> = {
  sync: "sync, errors ignored",
  interrupt: "sync, interrupt on error",
  async: "async (fire and forget)",
};

export function TargetForm({
  initial,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initial: TargetInput;
  submitLabel: string;
  pending: boolean;
  onSubmit(t: TargetInput): void;
  onCancel?(): void;
}) {
  const [t, setT] = useState(initial);
  const set = <K extends keyof TargetInput>(k: K, v: TargetInput[K]) => setT((old) => ({ ...old, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit({ ...t, name: t.name.trim(), url: t.url.trim(), timeout: t.timeout.trim() });
  };
  return (
    <form className="target-form" onSubmit={submit} aria-label={submitLabel}>
      <label>
        Name <input value={t.name} onChange={(e) => set("name", e.target.value)} required maxLength={1000} />
      </label>
      <label>
        Endpoint <input type="url" value={t.url} onChange={(e) => set("url", e.target.value)} required maxLength={1000} />
      </label>
      <label>
        Type
        <select value={t.type} onChange={(e) => set("type", e.target.value as TargetType)}>
          <option value="restWebhook">REST webhook (answer ignored)</option>
          <option value="restRequestResponse">REST request/response (answer used)</option>
        </select>
      </label>
      <label>
        Timeout <input value={t.timeout} onChange={(e) => set("timeout", e.target.value)} required pattern="\d+(\.\d+)?s" aria-describedby="timeout-help" />
      </label>
      <span id="timeout-help" className="muted">
        seconds, e.g. 10s
      </span>
      <label>
        Mode
        <select value={t.mode} onChange={(e) => set("mode", e.target.value as TargetMode)}>
          {Object.entries(MODES).map(([k, v]) => (
            <option key={k} value={k}>
              {v}
            </option>
          ))}
        </select>
      </label>
      <span className="row">
        <button type="submit" disabled={pending}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </span>
    </form>
  );
}

export const MODE_LABEL = MODES;

// A user's metadata (asserted in tokens as urn:svc:iam:user:metadata): list, set, remove, through the
// control API's user routes (the resource API has no rpc for it).

import { type FormEvent, useState } from "react";
import { control } from "../../api/control";
import { useAction, useData } from "../../api/use-data";
import { ConfirmButton } from "../../components/ConfirmButton";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";

/** The metadata of user `userId` of instance `instanceId` (the default instance when undefined). */
export function MetadataCard({ instanceId, userId }: { instanceId: string | undefined; userId: string }) {
  const list = useData(() => control.userMetadata(instanceId, userId), [instanceId, userId]);
  const action = useAction();
  const [key, setKey] = useState("");
  const [value, setValue] = useState("");
  const set = async (e: FormEvent) => {
    e.preventDefault();
    const next = await action.run(() => control.setUserMetadata(instanceId, userId, key.trim(), value));
    if (next) list.set(next), setKey(""), setValue("");
  };
  const remove = async (k: string) => {
    const next = await action.run(() => control.removeUserMetadata(instanceId, userId, k));
    if (next) list.set(next);
  };
  return (
    <section className="card" aria-labelledby="metadata-title">
      <h2 id="metadata-title">Metadata</h2>
      <ErrorBanner error={list.error ?? action.error} onDismiss={action.error ? action.clearError : undefined} />
      <Table
        caption="Metadata entries"
        rows={list.data ?? []}
        rowKey={(r) => r.key}
        empty={list.loading ? "Loading…" : "No metadata."}
        columns={[
          { id: "key", header: "Key", cell: (r) => <code>{r.key}</code> },
          { id: "value", header: "Value", cell: (r) => r.value },
          {
            id: "remove",
            header: "",
            cell: (r) => (
              <ConfirmButton
                label="Remove"
                ariaLabel={`Remove ${r.key}`}
                question={`Remove the metadata ${r.key}?`}
                disabled={action.pending}
                onConfirm={() => void remove(r.key)}
              />
            ),
          },
        ]}
      />
      <form className="row" onSubmit={set}>
        <label>
          Key <input value={key} onChange={(e) => setKey(e.target.value)} required size={14} />
        </label>
        <label>
          Value <input value={value} onChange={(e) => setValue(e.target.value)} size={20} />
        </label>
        <button type="submit" disabled={action.pending || !key.trim()}>
          Set metadata
        </button>
      </form>
    </section>
  );
}

// A user's metadata (asserted in tokens as urn:svc:iam:user:metadata): list, set, remove, through the
// control API's user routes (the resource API has no rpc for it).

import { type FormEvent, useState } from "react";
import { useAction } from "../../api/use-action";
import { Card } from "../../components/Card";
import { ConfirmButton } from "../../components/ConfirmButton";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { useMetadata, useSetMetadata } from "./api/list-metadata";

/** The metadata of user `userId` of the selected instance. */
export function MetadataCard({ userId }: { userId: string }) {
  const list = useMetadata(userId);
  const setMetadata = useSetMetadata(userId);
  const action = useAction();
  const [key, setKey] = useState("");
  const [value, setValue] = useState("");
  const set = async (e: FormEvent) => {
    e.preventDefault();
    if (await action.run(() => setMetadata.mutateAsync({ key: key.trim(), value }))) setKey(""), setValue("");
  };
  const remove = (k: string) => action.run(() => setMetadata.mutateAsync({ key: k }));
  return (
    <Card title="Metadata">
      <ErrorBanner error={list.error ?? action.error} onDismiss={action.error ? action.clearError : undefined} />
      <Table
        caption="Metadata entries"
        rows={list.data ?? []}
        rowKey={(r) => r.key}
        empty={list.isFetching ? "Loading…" : "No metadata."}
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
    </Card>
  );
}

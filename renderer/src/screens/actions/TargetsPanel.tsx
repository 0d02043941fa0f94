// Targets (issue 13, Actions): list, create, edit, delete. The signing key is shown once, right
// after creation (with a copy button); the list never shows it.

import { useState } from "react";
import { Card } from "../../components/Card";
import { Confirm } from "../../components/Confirm";
import { CopyButton } from "../../components/CopyButton";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { useChangeTarget } from "./api/change-targets";
import { useTargets } from "./api/list-targets";
import type { Target, TargetInput } from "./model";
import { MODE_LABEL, TargetForm } from "./TargetForm";

/** `scope` names the instance in the table's caption ("the default instance" or its name). */
export function TargetsPanel({ sinkUrl, scope }: { sinkUrl: string; scope: string }) {
  const targets = useTargets();
  const action = useChangeTarget();
  const [editing, setEditing] = useState<string>();
  const [created, setCreated] = useState<{ name: string; signingKey: string }>();
  const [confirmDelete, setConfirmDelete] = useState<Target>();
  const [formKey, setFormKey] = useState(0);

  const create = (t: TargetInput) =>
    action.mutate(
      { kind: "create", target: t },
      { onSuccess: (made) => (setCreated({ name: t.name, signingKey: made.signingKey }), setFormKey((k) => k + 1)) },
    );
  const save = (id: string, t: TargetInput) => action.mutate({ kind: "patch", id, target: t }, { onSuccess: () => setEditing(undefined) });
  const remove = (t: Target) => {
    setConfirmDelete(undefined);
    action.mutate({ kind: "delete", id: t.id });
  };

  return (
    <Card title="Targets">
      <ErrorBanner error={targets.error ?? action.error} onDismiss={action.error ? action.reset : undefined} />
      {created && (
        <div className="signing-key" role="status">
          <p>
            Target {created.name} created. Its signing key (verifies the <code>Svc-Signature</code> header; not shown again here):
          </p>
          <code data-testid="signing-key">{created.signingKey}</code>
          <CopyButton text={created.signingKey} what="signing key" />
          <button type="button" onClick={() => setCreated(undefined)}>
            Done
          </button>
        </div>
      )}
      {confirmDelete && (
        <Confirm
          question={`Delete target ${confirmDelete.name}? It is also removed from every execution.`}
          action="Delete"
          onConfirm={() => remove(confirmDelete)}
          onCancel={() => setConfirmDelete(undefined)}
        />
      )}
      <Table<Target>
        caption={`Targets of ${scope}`}
        rows={targets.data ?? []}
        rowKey={(t) => t.id}
        empty="No targets yet."
        columns={[
          { id: "name", header: "Name", cell: (t) => t.name },
          { id: "url", header: "Endpoint", cell: (t) => <code>{t.url}</code> },
          { id: "type", header: "Type", cell: (t) => (t.type === "restWebhook" ? "webhook" : "request/response") },
          { id: "timeout", header: "Timeout", cell: (t) => t.timeout },
          { id: "mode", header: "Mode", cell: (t) => MODE_LABEL[t.mode] },
          {
            id: "actions",
            header: <span className="offscreen">Actions</span>,
            cell: (t) => (
              <span className="row">
                <button type="button" aria-label={`Edit ${t.name}`} onClick={() => setEditing(t.id)}>
                  Edit
                </button>
                <button type="button" aria-label={`Delete ${t.name}`} onClick={() => setConfirmDelete(t)}>
                  Delete
                </button>
              </span>
            ),
          },
        ]}
      />
      {editing && targets.data?.some((t) => t.id === editing) && (
        <fieldset>
          <legend>Edit target {targets.data.find((t) => t.id === editing)!.name}</legend>
          <TargetForm
            key={editing}
            initial={targets.data.find((t) => t.id === editing)!}
            submitLabel="Save target"
            pending={action.isPending}
            onSubmit={(t) => save(editing, t)}
            onCancel={() => setEditing(undefined)}
          />
        </fieldset>
      )}
      <fieldset>
        <legend>New target</legend>
        <TargetForm
          key={formKey}
          initial={{ name: "", type: "restWebhook", url: sinkUrl, timeout: "10s", mode: "sync" }}
          submitLabel="Create target"
          pending={action.isPending}
          onSubmit={create}
        />
        <p className="muted">The built-in sink ({sinkUrl}) records every call and checks its signature.</p>
      </fieldset>
    </Card>
  );
}

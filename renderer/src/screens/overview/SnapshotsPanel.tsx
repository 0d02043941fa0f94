// Reset to the seeded state and named snapshots (create, restore, delete). Reset, restore and delete
// ask first, in place: the question names what is lost.

import { type FormEvent, useState } from "react";
import { Card } from "../../components/Card";
import { Confirm } from "../../components/Confirm";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { useChangeSnapshots } from "./api/change-snapshots";
import { type SnapshotInfo, useSnapshots } from "./api/list-snapshots";

type Pending = { kind: "reset" } | { kind: "restore" | "delete"; name: string };

export function SnapshotsPanel() {
  // Snapshots saved or deleted by other clients come with a change notice.
  const list = useSnapshots();
  const action = useChangeSnapshots();
  const [name, setName] = useState("");
  const [confirm, setConfirm] = useState<Pending>();
  const [done, setDone] = useState("");

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const saved = name.trim();
    action.mutate({ kind: "save", name: saved }, { onSuccess: () => (setName(""), setDone(`Saved snapshot ${saved}.`)) });
  };
  const carryOut = (p: Pending) => {
    setConfirm(undefined);
    // A reset or restore reads everything again once done (the instances may differ).
    action.mutate(p, {
      onSuccess: () =>
        setDone(p.kind === "reset" ? "Reset to the seeded state." : p.kind === "restore" ? `Restored snapshot ${p.name}.` : `Deleted snapshot ${p.name}.`),
    });
  };
  const question = !confirm
    ? ""
    : confirm.kind === "reset"
      ? "Reset to the seeded state? Every change since start is lost (snapshots stay)."
      : confirm.kind === "restore"
        ? `Restore snapshot ${confirm.name}? Every change since it was taken is lost.`
        : `Delete snapshot ${confirm.name}?`;

  return (
    <Card title="Reset and snapshots">
      <ErrorBanner error={list.error ?? action.error} onDismiss={action.error ? action.reset : undefined} />
      <p className="muted" aria-live="polite">
        {done}
      </p>
      {confirm && (
        <Confirm
          question={question}
          action={confirm.kind === "reset" ? "Reset" : confirm.kind === "restore" ? "Restore" : "Delete"}
          onConfirm={() => carryOut(confirm)}
          onCancel={() => setConfirm(undefined)}
        />
      )}
      <form className="row" onSubmit={save}>
        <label>
          Snapshot name <input value={name} onChange={(e) => setName(e.target.value)} required aria-describedby="snapshot-help" />
        </label>
        <button type="submit" disabled={action.isPending || !name.trim()}>
          Save snapshot
        </button>
        <span id="snapshot-help" className="muted">
          letters, digits, _ . - (up to 64)
        </span>
      </form>
      <Table<SnapshotInfo>
        caption="Snapshots"
        rows={list.data ?? []}
        rowKey={(s) => s.name}
        empty="No snapshots yet."
        columns={[
          { id: "name", header: "Name", cell: (s) => s.name },
          { id: "created", header: "Taken", cell: (s) => new Date(s.createdAt).toLocaleString() },
          { id: "size", header: "Size", className: "num", cell: (s) => `${Math.ceil(s.sizeBytes / 1024)} KB` },
          {
            id: "actions",
            header: <span className="offscreen">Actions</span>,
            cell: (s) => (
              <span className="row">
                <button type="button" aria-label={`Restore ${s.name}`} onClick={() => setConfirm({ kind: "restore", name: s.name })}>
                  Restore
                </button>
                <button type="button" aria-label={`Delete ${s.name}`} onClick={() => setConfirm({ kind: "delete", name: s.name })}>
                  Delete
                </button>
              </span>
            ),
          },
        ]}
      />
      <div className="row">
        <button type="button" className="danger" onClick={() => setConfirm({ kind: "reset" })}>
          Reset to seed…
        </button>
      </div>
    </Card>
  );
}

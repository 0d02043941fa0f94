// Reset to the seeded state and named snapshots (create, restore, delete). Reset, restore and delete
// ask first, in place: the question names what is lost.

import { type FormEvent, useState } from "react";
import { control, type SnapshotInfo } from "../../api/control";
import { useAction, useData } from "../../api/use-data";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { useSession } from "../../context/session";
import { Confirm } from "../../components/Confirm";

type Pending = { kind: "reset" } | { kind: "restore" | "delete"; name: string };

export function SnapshotsPanel() {
  const { refresh } = useSession();
  const list = useData(control.snapshots, [], { everyMs: 5000 });
  const action = useAction();
  const [name, setName] = useState("");
  const [confirm, setConfirm] = useState<Pending>();
  const [done, setDone] = useState("");

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const info = await action.run(() => control.saveSnapshot(name.trim()));
    if (info) setName(""), setDone(`Saved snapshot ${info.name}.`), await list.reload();
  };
  const carryOut = async (p: Pending) => {
    setConfirm(undefined);
    const ok = await action.run(async () => {
      if (p.kind === "reset") await control.reset();
      else if (p.kind === "restore") await control.restoreSnapshot(p.name);
      else await control.deleteSnapshot(p.name);
      return true;
    });
    if (!ok) return;
    setDone(p.kind === "reset" ? "Reset to the seeded state." : p.kind === "restore" ? `Restored snapshot ${p.name}.` : `Deleted snapshot ${p.name}.`);
    await list.reload();
    // Instances may differ after a reset or restore.
    if (p.kind !== "delete") await refresh();
  };
  const question = !confirm
    ? ""
    : confirm.kind === "reset"
      ? "Reset to the seeded state? Every change since start is lost (snapshots stay)."
      : confirm.kind === "restore"
        ? `Restore snapshot ${confirm.name}? Every change since it was taken is lost.`
        : `Delete snapshot ${confirm.name}?`;

  return (
    <section aria-labelledby="snapshots-title" className="card">
      <h2 id="snapshots-title">Reset and snapshots</h2>
      <ErrorBanner error={list.error ?? action.error} onDismiss={action.error ? action.clearError : undefined} />
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
        <button type="submit" disabled={action.pending || !name.trim()}>
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
    </section>
  );
}

// One org: rename, make it the instance's default, deactivate / reactivate, delete. Deleting asks
// first, naming the org by its full path (System / instance / org); deactivating does not, as
// Reactivate undoes it in one click (docs/behaviour.md, "The UI asks before what one click cannot undo").

import { type FormEvent, useState } from "react";
import { useAction } from "../../api/use-action";
import { Card } from "../../components/Card";
import { Confirm } from "../../components/Confirm";
import { ErrorBanner } from "../../components/ErrorBanner";
import { type OrgChange, useChangeOrg } from "./api/change-org";
import type { DetailProps } from "./detail-props";

export function OrgPanel({ node, path, onChanged }: DetailProps) {
  const changeOrg = useChangeOrg(node.instanceId);
  const action = useAction();
  const [name, setName] = useState(node.name);
  const [confirm, setConfirm] = useState(false);
  const [done, setDone] = useState("");
  const isDefault = node.tags?.includes("default") ?? false;
  const inactive = node.tags?.includes("inactive") ?? false;
  const full = path.join(" / ");

  const run = async (change: OrgChange, message: string, select?: { id: string; name: string } | null) => {
    setConfirm(false);
    if ((await action.run(async () => (await changeOrg.mutateAsync(change), true))) !== true) return;
    setDone(message);
    onChanged(select);
  };
  const id = node.id;
  const rename = (e: FormEvent) => {
    e.preventDefault();
    const wanted = name.trim();
    void run({ rename: { id, name: wanted } }, `Renamed to ${wanted}.`, { id, name: wanted });
  };

  return (
    <Card title={full}>
      <ErrorBanner error={action.error} onDismiss={action.clearError} />
      <p className="muted" aria-live="polite">
        {done}
      </p>
      <dl className="facts">
        <div>
          <dt>ID</dt>
          <dd>
            <code>{node.id}</code>
          </dd>
        </div>
        <div>
          <dt>State</dt>
          <dd data-testid="org-state">{inactive ? "inactive" : "active"}</dd>
        </div>
        <div>
          <dt>Instance default</dt>
          <dd>{isDefault ? "yes" : "no"}</dd>
        </div>
      </dl>
      {confirm && (
        <Confirm
          question={`Delete ${full} with its users, projects and apps?`}
          action="Delete"
          onConfirm={() => run({ remove: { id } }, `Deleted ${full}.`, null)}
          onCancel={() => setConfirm(false)}
        />
      )}
      <form className="row" onSubmit={rename}>
        <label>
          Org name <input value={name} onChange={(e) => setName(e.target.value)} required />
        </label>
        <button type="submit" disabled={action.pending || !name.trim() || name.trim() === node.name}>
          Rename
        </button>
      </form>
      <div className="row">
        <button type="button" disabled={action.pending || isDefault} onClick={() => run({ makeDefault: { id } }, `${node.name} is the default org now.`)}>
          Make default
        </button>
        {inactive ? (
          <button type="button" disabled={action.pending} onClick={() => run({ active: { id, active: true } }, `Reactivated ${node.name}.`)}>
            Reactivate
          </button>
        ) : (
          <button type="button" disabled={action.pending || isDefault} onClick={() => run({ active: { id, active: false } }, `Deactivated ${node.name}.`)}>
            Deactivate
          </button>
        )}
        <button type="button" className="danger" disabled={action.pending || isDefault} onClick={() => setConfirm(true)}>
          Delete…
        </button>
      </div>
      {isDefault && <p className="muted">The default org cannot be deactivated or deleted; make another org the default first.</p>}
    </Card>
  );
}

// One org: rename, make it the instance's default, deactivate / reactivate, delete. Deleting asks
// first, naming the org by its full path (System / instance / org); deactivating does not, as
// Reactivate undoes it in one click (docs/behaviour.md, "The UI asks before what one click cannot undo").

import { type FormEvent, useState } from "react";
import { useAction } from "../../api/use-data";
import { ErrorBanner } from "../../components/ErrorBanner";
import type { DetailProps } from "./detail-props";
import { Confirm } from "../../components/Confirm";

export function OrgPanel({ node, path, api, onChanged }: DetailProps) {
  const action = useAction();
  const [name, setName] = useState(node.name);
  const [confirm, setConfirm] = useState(false);
  const [done, setDone] = useState("");
  const isDefault = node.tags?.includes("default") ?? false;
  const inactive = node.tags?.includes("inactive") ?? false;
  const full = path.join(" / ");

  const run = async (work: () => Promise<unknown>, message: string, select?: { id: string; name: string } | null) => {
    setConfirm(false);
    if ((await action.run(async () => (await work(), true))) !== true) return;
    setDone(message);
    await onChanged(select);
  };
  const rename = (e: FormEvent) => {
    e.preventDefault();
    const wanted = name.trim();
    void run(() => api.renameOrg(node.id, wanted), `Renamed to ${wanted}.`, { id: node.id, name: wanted });
  };

  return (
    <section className="card" aria-labelledby="org-title">
      <h2 id="org-title">{full}</h2>
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
          onConfirm={() => run(() => api.deleteOrg(node.id), `Deleted ${full}.`, null)}
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
        <button
          type="button"
          disabled={action.pending || isDefault}
          onClick={() => run(() => api.setDefaultOrg(node.id), `${node.name} is the default org now.`)}
        >
          Make default
        </button>
        {inactive ? (
          <button type="button" disabled={action.pending} onClick={() => run(() => api.setOrgActive(node.id, true), `Reactivated ${node.name}.`)}>
            Reactivate
          </button>
        ) : (
          <button type="button" disabled={action.pending || isDefault} onClick={() => run(() => api.setOrgActive(node.id, false), `Deactivated ${node.name}.`)}>
            Deactivate
          </button>
        )}
        <button type="button" className="danger" disabled={action.pending || isDefault} onClick={() => setConfirm(true)}>
          Delete…
        </button>
      </div>
      {isDefault && <p className="muted">The default org cannot be deactivated or deleted; make another org the default first.</p>}
    </section>
  );
}

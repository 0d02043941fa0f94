// One instance: rename it, create an org in it (the new org is selected in the tree), delete it after
// a confirmation naming its full path. The default instance cannot be deleted (the API refuses it too).
// Creating and deleting instances are SvcInstances calls, which need the system owner's token the seed's
// admin PAT is (the server answers 403 otherwise, shown as the error).

import { type FormEvent, useState } from "react";
import { useAction } from "../../api/use-data";
import { ErrorBanner } from "../../components/ErrorBanner";
import { useSession } from "../../context/session";
import type { DetailProps } from "./detail-props";
import { Confirm } from "../../components/Confirm";

export function InstancePanel({ node, path, api, isDefaultInstance, onChanged, onInstancesChanged }: DetailProps) {
  const { refresh } = useSession();
  const action = useAction();
  const [name, setName] = useState(node.name);
  const [orgName, setOrgName] = useState("");
  const [confirm, setConfirm] = useState(false);
  const [done, setDone] = useState("");
  const full = path.join(" / ");

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (await action.run(() => api.renameInstance(node.id, name.trim()))) setDone(`Renamed the instance to ${name.trim()}.`), await refresh();
  };
  const create = async (e: FormEvent) => {
    e.preventDefault();
    const wanted = orgName.trim();
    const created = await action.run(() => api.createOrg(wanted));
    if (!created) return;
    setOrgName(""), setDone(`Created org ${wanted}.`);
    await onChanged({ id: created.details.id, name: wanted });
  };
  const remove = async () => {
    setConfirm(false);
    if ((await action.run(async () => (await api.deleteInstance(node.id), true))) !== true) return;
    await onInstancesChanged(null);
  };

  return (
    <section className="card" aria-labelledby="instance-title">
      <h2 id="instance-title">{full}</h2>
      <ErrorBanner error={action.error} onDismiss={action.clearError} />
      <p className="muted" aria-live="polite">
        {done}
      </p>
      {confirm && (
        <Confirm
          question={`Delete ${full} with all its orgs, users, projects, apps and settings?`}
          action="Delete"
          onConfirm={remove}
          onCancel={() => setConfirm(false)}
        />
      )}
      <form className="row" onSubmit={rename}>
        <label>
          Instance name <input value={name} onChange={(e) => setName(e.target.value)} required />
        </label>
        <button type="submit" disabled={action.pending || !name.trim() || name.trim() === node.name}>
          Rename
        </button>
      </form>
      <form className="row" onSubmit={create}>
        <label>
          New org name <input value={orgName} onChange={(e) => setOrgName(e.target.value)} required />
        </label>
        <button type="submit" disabled={action.pending || !orgName.trim()}>
          Create org
        </button>
      </form>
      <div className="row">
        <button type="button" className="danger" disabled={action.pending || isDefaultInstance} onClick={() => setConfirm(true)}>
          Delete instance…
        </button>
      </div>
      {isDefaultInstance && <p className="muted">The default instance cannot be deleted.</p>}
    </section>
  );
}

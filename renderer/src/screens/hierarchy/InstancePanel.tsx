// The reachable instance: rename it, and create an org in it (the new org is selected in the tree).
// Creating and deleting instances needs a system owner's token, which the UI does not hold.

import { type FormEvent, useState } from "react";
import { useAction } from "../../api/use-data";
import { ErrorBanner } from "../../components/ErrorBanner";
import { useSession } from "../../context/session";
import type { DetailProps } from "./Detail";

export function InstancePanel({ node, path, api, onChanged }: DetailProps) {
  const { refresh } = useSession();
  const action = useAction();
  const [name, setName] = useState(node.name);
  const [orgName, setOrgName] = useState("");
  const [done, setDone] = useState("");

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

  return (
    <section className="card" aria-labelledby="instance-title">
      <h2 id="instance-title">{path.join(" / ")}</h2>
      <ErrorBanner error={action.error} onDismiss={action.clearError} />
      <p className="muted" aria-live="polite">
        {done}
      </p>
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
      <p className="muted">Creating and deleting instances needs a system owner's token (SvcInstances); the UI acts as the instance owner.</p>
    </section>
  );
}

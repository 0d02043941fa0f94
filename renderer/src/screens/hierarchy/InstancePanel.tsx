// One instance: rename it, create an org in it (the new org is selected in the tree), delete it after
// a confirmation naming its full path. The default instance cannot be deleted (the API refuses it too).
// Creating and deleting instances are SvcInstances calls, which need the system owner's token the seed's
// admin PAT is (the server answers 403 otherwise, shown as the error).

import { type FormEvent, useState } from "react";
import { idOf } from "../../api/resource-id";
import { useAction } from "../../api/use-action";
import { Card } from "../../components/Card";
import { Confirm } from "../../components/Confirm";
import { ErrorBanner } from "../../components/ErrorBanner";
import { useChangeInstance } from "./api/change-instance";
import { useChangeOrg } from "./api/change-org";
import type { DetailProps } from "./detail-props";

export function InstancePanel({ node, path, isDefaultInstance, onChanged, onInstancesChanged }: DetailProps) {
  const changeInstance = useChangeInstance(node.id);
  const changeOrg = useChangeOrg(node.id);
  const action = useAction();
  const [name, setName] = useState(node.name);
  const [orgName, setOrgName] = useState("");
  const [confirm, setConfirm] = useState(false);
  const [done, setDone] = useState("");
  const full = path.join(" / ");

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (await action.run(() => changeInstance.mutateAsync({ rename: { id: node.id, name: name.trim() } }))) setDone(`Renamed the instance to ${name.trim()}.`);
  };
  const create = async (e: FormEvent) => {
    e.preventDefault();
    const wanted = orgName.trim();
    const created = await action.run(() => changeOrg.mutateAsync({ create: { name: wanted } }));
    if (!created) return;
    setOrgName(""), setDone(`Created org ${wanted}.`);
    onChanged({ id: idOf(created), name: wanted });
  };
  const remove = async () => {
    setConfirm(false);
    if ((await action.run(async () => (await changeInstance.mutateAsync({ remove: { id: node.id } }), true))) !== true) return;
    onInstancesChanged(null);
  };

  return (
    <Card title={full}>
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
    </Card>
  );
}

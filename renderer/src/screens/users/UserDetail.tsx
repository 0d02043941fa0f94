// One user: state (lock / unlock, deactivate / reactivate), delete with a confirmation, and the
// cards for its profile, metadata, grants, memberships and "sign in as".

import { useState } from "react";
import { control } from "../../api/control";
import { useAction } from "../../api/use-data";
import { CopyButton } from "../../components/CopyButton";
import { ErrorBanner } from "../../components/ErrorBanner";
import { GrantsCard } from "./GrantsCard";
import { MembershipsCard } from "./MembershipsCard";
import { MetadataCard } from "./MetadataCard";
import { ProfileCard } from "./ProfileCard";
import { SignInAs } from "./SignInAs";
import { stateClass, type UserRow } from "./user-list";
import { useSelection } from "../../context/selection";
import { Confirm } from "../../components/Confirm";

type Change = "lock" | "unlock" | "deactivate" | "reactivate";
/** The changes a state allows (the control API refuses the others). */
const CHANGES: Record<string, Change[]> = { active: ["lock", "deactivate"], locked: ["unlock", "deactivate"], inactive: ["reactivate"] };

export function UserDetail({ row, onChanged, onDeleted }: { row: UserRow; onChanged(): void; onDeleted(): void }) {
  const { resource, instance } = useSelection();
  const action = useAction();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const change = async (c: Change) => {
    if (await action.run(() => control.changeUserState(instance?.id, row.id, c))) onChanged();
  };
  const remove = async () => {
    if (await action.run(() => resource.delete(`/users/${encodeURIComponent(row.id)}`))) onDeleted();
  };
  return (
    <>
      <section className="card" aria-labelledby="user-title">
        <h2 id="user-title">
          {row.user.loginName}{" "}
          <span className={stateClass(row.state)} data-testid="user-state">
            {row.state}
          </span>
        </h2>
        <ErrorBanner error={action.error} onDismiss={action.clearError} />
        <div className="row">
          <span className="muted">
            {row.kind} · id <code>{row.id}</code>
          </span>
          <CopyButton text={row.id} what="user id" />
          {(CHANGES[row.state] ?? []).map((c) => (
            <button key={c} type="button" disabled={action.pending} onClick={() => void change(c)}>
              {c[0]!.toUpperCase() + c.slice(1)}
            </button>
          ))}
          <button type="button" className="danger" onClick={() => setConfirmDelete(true)} disabled={confirmDelete}>
            Delete
          </button>
        </div>
        {confirmDelete && (
          <Confirm
            question={`Delete ${row.user.loginName}? This cannot be undone.`}
            action="Delete user"
            onConfirm={() => void remove()}
            onCancel={() => setConfirmDelete(false)}
            disabled={action.pending}
          />
        )}
      </section>
      <div className="grid">
        <ProfileCard row={row} onSaved={onChanged} />
        {row.kind === "human" && <SignInAs row={row} />}
        <MetadataCard instanceId={instance?.id} userId={row.id} />
        <GrantsCard userId={row.id} />
        <MembershipsCard userId={row.id} />
      </div>
    </>
  );
}

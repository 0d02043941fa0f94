// One user: state (lock / unlock, deactivate / reactivate), delete with a confirmation, and the
// cards for its profile, metadata, grants, memberships and "sign in as".

import { useState } from "react";
import { useAction } from "../../api/use-action";
import { Card } from "../../components/Card";
import { CopyButton } from "../../components/CopyButton";
import { ErrorBanner } from "../../components/ErrorBanner";
import { GrantsCard } from "./GrantsCard";
import { MembershipsCard } from "./MembershipsCard";
import { MetadataCard } from "./MetadataCard";
import { ProfileCard } from "./ProfileCard";
import { SignInAs } from "./SignInAs";
import { stateClass, type UserRow } from "./user-list";
import { Confirm } from "../../components/Confirm";
import { type UserStateChange, useChangeUserState, useDeleteUser } from "./api/change-user";

/** The changes a state allows (the control API refuses the others). */
const CHANGES: Record<string, UserStateChange[]> = { active: ["lock", "deactivate"], locked: ["unlock", "deactivate"], inactive: ["reactivate"] };

export function UserDetail({ row, onDeleted }: { row: UserRow; onDeleted(): void }) {
  const changeState = useChangeUserState(row.id);
  const deleteUser = useDeleteUser(row.id);
  const action = useAction();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const change = (c: UserStateChange) => action.run(() => changeState.mutateAsync(c));
  const remove = async () => {
    if (await action.run(() => deleteUser.mutateAsync(undefined))) onDeleted();
  };
  return (
    <>
      <Card
        title={
          <>
            {row.user.loginName}{" "}
            <span className={stateClass(row.state)} data-testid="user-state">
              {row.state}
            </span>
          </>
        }
      >
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
      </Card>
      <div className="grid">
        <ProfileCard row={row} />
        {row.kind === "human" && <SignInAs row={row} />}
        <MetadataCard userId={row.id} />
        <GrantsCard userId={row.id} />
        <MembershipsCard userId={row.id} />
      </div>
    </>
  );
}

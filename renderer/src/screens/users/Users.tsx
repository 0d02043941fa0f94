// The users screen (issue 13, screen 3): the users of the selected context (the breadcrumb's org, or
// the whole instance) in a virtualised table with a filter; add humans and machines; the chosen user
// (/users/<id>) with profile, state, metadata, grants, memberships and "sign in as".

import { useDeferredValue, useMemo, useState } from "react";
import { Card } from "../../components/Card";
import type { Column } from "../../components/Table";
import { ErrorBanner } from "../../components/ErrorBanner";
import { VirtualTable } from "../../components/VirtualTable";
import { useSelection } from "../../context/selection";
import { href, navigate, usePath } from "../../router";
import { AddUser } from "./AddUser";
import { useOrgNames } from "./api/search-org-names";
import { useUsers } from "./api/search-users";
import { filterUsers, stateClass, type UserRow } from "./user-list";
import { UserDetail } from "./UserDetail";

/** The org column of the instance-wide list (the org's name, its id until the names are in). */
function orgColumn(names: Map<string, string> | undefined): Column<UserRow>[] {
  if (!names) return [];
  return [{ id: "org", header: "Org", cell: (r) => names.get(r.orgId) ?? r.orgId }];
}

export default function Users() {
  const { instance, org } = useSelection();
  const users = useUsers(org?.id);
  // The instance-wide list names each user's org; an org's own list does not need to.
  const orgs = useOrgNames(!org);
  const [query, setQuery] = useState("");
  const [adding, setAdding] = useState(false);
  // The table may lag a keystroke behind on a slow machine; the input never does.
  const deferred = useDeferredValue(query);
  const rows = useMemo(() => filterUsers(users.data ?? [], deferred), [users.data, deferred]);
  const selectedId = usePath().split("/")[2];
  const selected = users.data?.find((r) => r.id === selectedId);
  const where = org ? `org ${org.name}` : `instance ${instance?.name ?? ""}`;
  const open = (id: string) => navigate(`/users/${id}`);

  return (
    <>
      <h1>Users</h1>
      <Card title={`Users of the ${where}`}>
        <ErrorBanner error={users.error} />
        <div className="row">
          <label>
            Filter users <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="login name, name, email or id" size={32} />
          </label>
          <span className="muted" aria-live="polite">
            {users.isPending ? "Loading…" : `${rows.length} of ${users.data?.length ?? 0}`}
          </span>
          <button type="button" onClick={() => setAdding((a) => !a)} aria-expanded={adding}>
            Add user
          </button>
          <button type="button" onClick={() => void users.refetch()}>
            Reload
          </button>
        </div>
        {adding && (
          <AddUser
            orgId={org?.id}
            onAdded={(id) => {
              setAdding(false);
              open(id);
            }}
          />
        )}
        <VirtualTable<UserRow>
          caption="Users"
          rows={rows}
          rowKey={(r) => r.id}
          height={360}
          empty={users.isFetching ? "Loading…" : users.data?.length ? "No user matches." : `No users in the ${where} yet.`}
          columns={[
            {
              id: "login",
              header: "Login name",
              cell: (r) => (
                <a href={href(`/users/${r.id}`)} onClick={(e) => (e.preventDefault(), open(r.id))} aria-current={r.id === selectedId ? "true" : undefined}>
                  {r.user.loginName}
                </a>
              ),
            },
            { id: "name", header: "Name", cell: (r) => r.name },
            { id: "kind", header: "Type", cell: (r) => r.kind },
            ...orgColumn(org ? undefined : orgs.data),
            { id: "state", header: "State", cell: (r) => <span className={stateClass(r.state)}>{r.state}</span> },
          ]}
        />
      </Card>
      {selectedId && !selected && users.data && <p className="muted">No user {selectedId} in this context.</p>}
      {selected && <UserDetail key={selected.id} row={selected} onDeleted={() => navigate("/users")} />}
    </>
  );
}

// A user's grants: the roles of projects it holds (user grants, asserted as the roles claim). Grant
// roles of a project (a new grant, or more roles on the existing one) and remove a grant.

import { type FormEvent, useState } from "react";
import { useAction, useData } from "../../api/use-data";
import { ConfirmButton } from "../../components/ConfirmButton";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { useSelection } from "../../context/selection";

type Project = { details: { id: string }; project: { name: string }; roles?: { key: string; displayName?: string }[] };
type Grant = { details: { id: string }; grant: { userId: string; projectId: string; roleKeys: string[] } };

export function GrantsCard({ userId }: { userId: string }) {
  const { resource } = useSelection();
  const projects = useData(() => resource.post<{ result: Project[] }>("/projects/_search?query.limit=1000", []).then((r) => r.result), [resource]);
  const grants = useData(
    () => resource.post<{ result: Grant[] }>("/grants/users/_search?query.limit=1000", [{ userId: { id: userId } }]).then((r) => r.result),
    [resource, userId],
  );
  const action = useAction();
  const [projectId, setProjectId] = useState("");
  const [roles, setRoles] = useState<string[]>([]);
  const chosen = projects.data?.find((p) => p.details.id === (projectId || projects.data?.[0]?.details.id));
  const nameOf = (id: string) => projects.data?.find((p) => p.details.id === id)?.project.name ?? id;

  const grant = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    const existing = grants.data?.find((g) => g.grant.projectId === chosen.details.id);
    const done = await action.run(() =>
      existing
        ? resource.patch(`/grants/users/${encodeURIComponent(existing.details.id)}`, { roleKeys: [...new Set([...existing.grant.roleKeys, ...roles])] })
        : resource.post("/grants/users", { userId, projectId: chosen.details.id, roleKeys: roles }),
    );
    if (done) setRoles([]), await grants.reload();
  };
  const remove = async (g: Grant) => {
    if (await action.run(() => resource.delete(`/grants/users/${encodeURIComponent(g.details.id)}`))) await grants.reload();
  };
  return (
    <section className="card" aria-labelledby="grants-title">
      <h2 id="grants-title">Roles and grants</h2>
      <ErrorBanner error={projects.error ?? grants.error ?? action.error} onDismiss={action.error ? action.clearError : undefined} />
      <Table
        caption="Project roles of the user"
        rows={grants.data ?? []}
        rowKey={(g) => g.details.id}
        empty={grants.loading ? "Loading…" : "No grants."}
        columns={[
          { id: "project", header: "Project", cell: (g) => nameOf(g.grant.projectId) },
          { id: "roles", header: "Roles", cell: (g) => g.grant.roleKeys.join(", ") },
          {
            id: "remove",
            header: "",
            cell: (g) => (
              <ConfirmButton
                label="Remove"
                ariaLabel={`Remove grant on ${nameOf(g.grant.projectId)}`}
                question={`Remove the grant on ${nameOf(g.grant.projectId)} (${g.grant.roleKeys.join(", ") || "no roles"})?`}
                disabled={action.pending}
                onConfirm={() => void remove(g)}
              />
            ),
          },
        ]}
      />
      <form onSubmit={grant}>
        <div className="row">
          <label>
            Project{" "}
            <select value={chosen?.details.id ?? ""} onChange={(e) => (setProjectId(e.target.value), setRoles([]))}>
              {(projects.data ?? []).map((p) => (
                <option key={p.details.id} value={p.details.id}>
                  {p.project.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <fieldset>
          <legend>Roles to grant</legend>
          {(chosen?.roles ?? []).length === 0 && <span className="muted">The project has no roles.</span>}
          {(chosen?.roles ?? []).map((r) => (
            <label key={r.key}>
              <input
                type="checkbox"
                checked={roles.includes(r.key)}
                onChange={(e) => setRoles(e.target.checked ? [...roles, r.key] : roles.filter((k) => k !== r.key))}
              />{" "}
              {r.key}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={action.pending || !chosen || roles.length === 0}>
          Grant roles
        </button>
      </form>
    </section>
  );
}

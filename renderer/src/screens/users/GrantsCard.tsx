// A user's grants: the roles of projects it holds (user grants, asserted as the roles claim). Grant
// roles of a project (a new grant, or more roles on the existing one) and remove a grant.

import { type FormEvent, useState } from "react";
import type { GetUserGrantJson } from "../../../../emulator/src/gen/svc/resources/grant/v3alpha/grant_service_pb.js";
import { idOf } from "../../api/resource-id";
import { useAction } from "../../api/use-action";
import { Card } from "../../components/Card";
import { ConfirmButton } from "../../components/ConfirmButton";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { useChangeGrant, useGrants } from "./api/search-grants";
import { useProjects } from "./api/search-projects";

export function GrantsCard({ userId }: { userId: string }) {
  const projects = useProjects();
  const grants = useGrants(userId);
  const changeGrant = useChangeGrant(userId);
  const action = useAction();
  const [projectId, setProjectId] = useState("");
  const [roles, setRoles] = useState<string[]>([]);
  const chosen = projects.data?.find((p) => idOf(p) === (projectId || (projects.data?.[0] && idOf(projects.data[0]))));
  const nameOf = (id: string) => projects.data?.find((p) => idOf(p) === id)?.project?.name ?? id;
  const roleKeys = (g: GetUserGrantJson) => g.grant?.roleKeys ?? [];

  const grant = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    const existing = grants.data?.find((g) => g.grant?.projectId === idOf(chosen));
    if (await action.run(() => changeGrant.mutateAsync({ add: { projectId: idOf(chosen), roleKeys: roles, existing } }))) setRoles([]);
  };
  const remove = (g: GetUserGrantJson) => action.run(() => changeGrant.mutateAsync({ remove: g }));
  return (
    <Card title="Roles and grants">
      <ErrorBanner error={projects.error ?? grants.error ?? action.error} onDismiss={action.error ? action.clearError : undefined} />
      <Table
        caption="Project roles of the user"
        rows={grants.data ?? []}
        rowKey={(g) => idOf(g)}
        empty={grants.isFetching ? "Loading…" : "No grants."}
        columns={[
          { id: "project", header: "Project", cell: (g) => nameOf(g.grant?.projectId ?? "") },
          { id: "roles", header: "Roles", cell: (g) => roleKeys(g).join(", ") },
          {
            id: "remove",
            header: "",
            cell: (g) => (
              <ConfirmButton
                label="Remove"
                ariaLabel={`Remove grant on ${nameOf(g.grant?.projectId ?? "")}`}
                question={`Remove the grant on ${nameOf(g.grant?.projectId ?? "")} (${roleKeys(g).join(", ") || "no roles"})?`}
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
            <select value={chosen ? idOf(chosen) : ""} onChange={(e) => (setProjectId(e.target.value), setRoles([]))}>
              {(projects.data ?? []).map((p) => (
                <option key={idOf(p)} value={idOf(p)}>
                  {p.project?.name}
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
                checked={roles.includes(r.key ?? "")}
                onChange={(e) => setRoles(e.target.checked ? [...roles, r.key ?? ""] : roles.filter((k) => k !== r.key))}
              />{" "}
              {r.key}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={action.pending || !chosen || roles.length === 0}>
          Grant roles
        </button>
      </form>
    </Card>
  );
}

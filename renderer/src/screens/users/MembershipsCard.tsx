// A user's memberships (administrator roles) in the instance, orgs and projects: list, add in a
// chosen context with one of the roles that context offers, remove.

import { type FormEvent, useState } from "react";
import type { GetMembershipJson } from "../../../../emulator/src/gen/svc/resources/membership/v3alpha/membership_service_pb.js";
import { idOf } from "../../api/resource-id";
import { useAction } from "../../api/use-action";
import { Card } from "../../components/Card";
import { ConfirmButton } from "../../components/ConfirmButton";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { useSelection } from "../../context/selection";
import { useChangeMembership, useMembershipRoles, useMemberships } from "./api/search-memberships";
import { useProjects } from "./api/search-projects";

export function MembershipsCard({ userId }: { userId: string }) {
  const { instance, org } = useSelection();
  const list = useMemberships(userId);
  const projects = useProjects();
  const changeMembership = useChangeMembership(userId);
  // Contexts as the resource API's ctx query names them: the instance, the selected org, each project.
  const contexts = [
    { ctx: "", label: `Instance ${instance?.name ?? ""}` },
    ...(org ? [{ ctx: `ctx.orgId=${encodeURIComponent(org.id)}`, label: `Org ${org.name}` }] : []),
    ...(projects.data ?? []).map((p) => ({ ctx: `ctx.projectId=${encodeURIComponent(idOf(p))}`, label: `Project ${p.project?.name ?? ""}` })),
  ];
  const [ctx, setCtx] = useState("");
  const roles = useMembershipRoles(ctx);
  const [role, setRole] = useState("");
  const chosenRole = role || roles.data?.[0]?.key || "";
  const action = useAction();

  const add = (e: FormEvent) => {
    e.preventDefault();
    void action.run(() => changeMembership.mutateAsync({ add: { ctx, role: chosenRole } }));
  };
  const remove = (m: GetMembershipJson) => action.run(() => changeMembership.mutateAsync({ remove: m }));
  const rolesOf = (m: GetMembershipJson) => (m.membership?.roles ?? []).join(", ");
  const where = (m: GetMembershipJson) => {
    const type = (m.context?.type ?? "").replace("OWNER_TYPE_", "").toLowerCase().replace("_", " ");
    const name = m.context?.type === "OWNER_TYPE_PROJECT" ? projects.data?.find((p) => idOf(p) === m.context?.id)?.project?.name : undefined;
    return `${type} ${name ?? m.context?.id ?? ""}`;
  };
  return (
    <Card title="Memberships">
      <ErrorBanner error={list.error ?? roles.error ?? action.error} onDismiss={action.error ? action.clearError : undefined} />
      <Table
        caption="Administrator roles of the user"
        rows={list.data ?? []}
        rowKey={(m) => idOf(m)}
        empty={list.isFetching ? "Loading…" : "No memberships."}
        columns={[
          { id: "context", header: "Context", cell: where },
          { id: "roles", header: "Roles", cell: rolesOf },
          {
            id: "remove",
            header: "",
            cell: (m) => (
              <ConfirmButton
                label="Remove"
                ariaLabel={`Remove membership in ${where(m)}`}
                question={`Remove the membership in ${where(m)} (${rolesOf(m)})?`}
                disabled={action.pending}
                onConfirm={() => void remove(m)}
              />
            ),
          },
        ]}
      />
      <form className="row" onSubmit={add}>
        <label>
          Context{" "}
          <select value={ctx} onChange={(e) => (setCtx(e.target.value), setRole(""))}>
            {contexts.map((c) => (
              <option key={c.ctx} value={c.ctx}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Role{" "}
          <select value={chosenRole} onChange={(e) => setRole(e.target.value)}>
            {(roles.data ?? []).map((r) => (
              <option key={r.key} value={r.key}>
                {r.key}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={action.pending || !chosenRole}>
          Add membership
        </button>
      </form>
    </Card>
  );
}

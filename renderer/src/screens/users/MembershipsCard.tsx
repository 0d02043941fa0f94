// A user's memberships (administrator roles) in the instance, orgs and projects: list, add in a
// chosen context with one of the roles that context offers, remove.

import { type FormEvent, useState } from "react";
import { useAction, useData } from "../../api/use-data";
import { ConfirmButton } from "../../components/ConfirmButton";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import { useSelection } from "../../context/selection";

type Membership = { details: { id: string }; context: { type: string; id: string }; membership: { userId: string; roles: string[] } };
type Project = { details: { id: string }; project: { name: string } };

export function MembershipsCard({ userId }: { userId: string }) {
  const { resource, instance, org } = useSelection();
  const list = useData(
    () => resource.post<{ result: Membership[] }>("/memberships/_search?query.limit=1000", [{ userId: { id: userId } }]).then((r) => r.result),
    [resource, userId],
  );
  const projects = useData(() => resource.post<{ result: Project[] }>("/projects/_search?query.limit=1000", []).then((r) => r.result), [resource]);
  // Contexts as the resource API's ctx query names them: the instance, the selected org, each project.
  const contexts = [
    { ctx: "", label: `Instance ${instance?.name ?? ""}` },
    ...(org ? [{ ctx: `ctx.orgId=${encodeURIComponent(org.id)}`, label: `Org ${org.name}` }] : []),
    ...(projects.data ?? []).map((p) => ({ ctx: `ctx.projectId=${encodeURIComponent(p.details.id)}`, label: `Project ${p.project.name}` })),
  ];
  const [ctx, setCtx] = useState("");
  const roles = useData(() => resource.get<{ roles: { key: string }[] }>(`/memberships/roles${ctx ? `?${ctx}` : ""}`).then((r) => r.roles), [resource, ctx]);
  const [role, setRole] = useState("");
  const chosenRole = role || roles.data?.[0]?.key || "";
  const action = useAction();

  const add = async (e: FormEvent) => {
    e.preventDefault();
    const done = await action.run(() => resource.post(`/memberships${ctx ? `?${ctx}` : ""}`, { userId, roles: [chosenRole] }));
    if (done) await list.reload();
  };
  const remove = async (m: Membership) => {
    if (await action.run(() => resource.delete(`/memberships/${encodeURIComponent(m.details.id)}`))) await list.reload();
  };
  const where = (m: Membership) => {
    const type = m.context.type.replace("OWNER_TYPE_", "").toLowerCase().replace("_", " ");
    const name = m.context.type === "OWNER_TYPE_PROJECT" ? projects.data?.find((p) => p.details.id === m.context.id)?.project.name : undefined;
    return `${type} ${name ?? m.context.id}`;
  };
  return (
    <section className="card" aria-labelledby="memberships-title">
      <h2 id="memberships-title">Memberships</h2>
      <ErrorBanner error={list.error ?? roles.error ?? action.error} onDismiss={action.error ? action.clearError : undefined} />
      <Table
        caption="Administrator roles of the user"
        rows={list.data ?? []}
        rowKey={(m) => m.details.id}
        empty={list.loading ? "Loading…" : "No memberships."}
        columns={[
          { id: "context", header: "Context", cell: where },
          { id: "roles", header: "Roles", cell: (m) => m.membership.roles.join(", ") },
          {
            id: "remove",
            header: "",
            cell: (m) => (
              <ConfirmButton
                label="Remove"
                ariaLabel={`Remove membership in ${where(m)}`}
                question={`Remove the membership in ${where(m)} (${m.membership.roles.join(", ")})?`}
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
    </section>
  );
}

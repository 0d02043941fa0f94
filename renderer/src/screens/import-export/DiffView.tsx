// The diff of an opened document against the instance: per org its status, per kind what an import
// would create, what is unchanged, what conflicts (the file's item and the instance's side by side),
// names another object has already, and what only the instance has.

import type { DiffResult, OrgDiff } from "../../api/control";
import { JsonView } from "../../components/JsonView";
import { Table } from "../../components/Table";

type KindRow = { kind: string } & OrgDiff["kinds"][string];
const BADGE: Record<OrgDiff["status"], string> = { create: "badge", unchanged: "badge", conflict: "badge badge-warn" };

function OrgDiffView({ org }: { org: OrgDiff }) {
  const rows: KindRow[] = Object.entries(org.kinds)
    .map(([kind, d]) => ({ kind, ...d }))
    .filter((r) => r.create.length + r.unchanged.length + r.conflicts.length + r.nameTaken.length + r.instanceOnly.length > 0);
  const conflicts = rows.flatMap((r) => r.conflicts.map((c) => ({ kind: r.kind, ...c })));
  const taken = rows.flatMap((r) => r.nameTaken.map((t) => ({ kind: r.kind, ...t })));
  return (
    <article className="org-diff" aria-labelledby={`diff-${org.orgId}`} data-org={org.orgId}>
      <h3 id={`diff-${org.orgId}`}>
        Org <code>{org.orgId}</code> <span className={BADGE[org.status]}>{org.status}</span>
      </h3>
      <Table<KindRow>
        caption={`What an import of org ${org.orgId} would do, per kind`}
        rows={rows}
        rowKey={(r) => r.kind}
        columns={[
          { id: "kind", header: "Kind", cell: (r) => <code>{r.kind}</code> },
          { id: "create", header: "Create", className: "num", cell: (r) => r.create.length },
          { id: "unchanged", header: "Unchanged", className: "num", cell: (r) => r.unchanged.length },
          { id: "conflicts", header: "Conflicts", className: "num", cell: (r) => r.conflicts.length },
          { id: "nameTaken", header: "Name taken", className: "num", cell: (r) => r.nameTaken.length },
          { id: "instanceOnly", header: "Only in the instance", className: "num", cell: (r) => r.instanceOnly.length },
        ]}
      />
      {taken.map((t) => (
        <p key={`${t.kind}:${t.id}:${t.field}`} className="name-taken">
          <code>{t.kind}</code> {t.id}: {t.field} <q>{t.value}</q> is taken by {t.takenBy.id} in org {t.takenBy.orgId}
        </p>
      ))}
      {conflicts.map((c) => (
        <div key={`${c.kind}:${c.id}`} className="conflict" data-testid="conflict">
          <h4>
            Conflict: <code>{c.kind}</code> {c.id}
          </h4>
          <div className="side-by-side">
            <JsonView value={c.file} label="In the file" />
            <JsonView value={c.instance} label="In the instance" />
          </div>
        </div>
      ))}
    </article>
  );
}

export function DiffView({ diff }: { diff: DiffResult }) {
  if (!diff.orgs.length) return <p className="muted">Nothing to compare.</p>;
  const counts = { create: 0, conflict: 0, unchanged: 0 };
  for (const o of diff.orgs) counts[o.status]++;
  return (
    <>
      <p data-testid="diff-summary">
        {counts.create} org(s) to create, {counts.conflict} in conflict, {counts.unchanged} unchanged.
      </p>
      {diff.orgs.map((o) => (
        <OrgDiffView key={o.orgId} org={o} />
      ))}
    </>
  );
}

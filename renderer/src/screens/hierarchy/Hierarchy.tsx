// The context hierarchy editor (issue 13, screen 2): a filterable, virtualised tree System >
// Instances > Orgs > Projects > Apps beside the detail of the selected context. Selecting an instance
// or org also selects it for every screen (the breadcrumb). Instances come from the control API; the
// orgs, projects and apps of each from the resource API, told which instance by x-svc-instance-host.

import { useId, useMemo, useState } from "react";
import type { GetOrganizationJson } from "../../../../emulator/src/gen/svc/resources/org/v3alpha/org_service_pb.js";
import { idOf } from "../../api/resource-id";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { useSelection } from "../../context/selection";
import { useSession } from "../../context/session";
import { useTreeChildren } from "./api/search-children";
import { useOrgsOfInstances } from "./api/search-orgs";
import { ContextTree } from "./ContextTree";
import { Detail } from "./Detail";
import { findNode, type Row, type TreeNode, visibleRows, withChildren } from "./tree";

const orgNode = (o: GetOrganizationJson, instanceId: string): TreeNode => ({
  key: `org:${idOf(o)}`,
  kind: "org",
  id: idOf(o),
  instanceId,
  name: o.organization?.name ?? "",
  tags: [...(o.isInstanceDefault ? ["default"] : []), ...(o.state === "ORGANIZATION_STATE_INACTIVE" ? ["inactive"] : [])],
});

export default function Hierarchy() {
  const { session } = useSession();
  const selection = useSelection();
  const defaultId = (session.instances.find((i) => i.isDefault) ?? session.instances[0])?.id;
  const orgs = useOrgsOfInstances(session.instances);
  // The orgs and projects opened in the tree: their projects and apps are asked for from then on (of instances that still exist).
  const [opened, setOpened] = useState<TreeNode[]>([]);
  const openedHere = useMemo(() => opened.filter((n) => session.instances.some((i) => i.id === n.instanceId)), [opened, session.instances]);
  const children = useTreeChildren(openedHere);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(["system", `instance:${selection.instance?.id}`]));
  const [filter, setFilter] = useState("");
  const [dismissed, setDismissed] = useState<unknown>();
  const countId = useId();

  const root = useMemo<TreeNode>(() => {
    let tree: TreeNode = {
      key: "system",
      kind: "system",
      id: "SYSTEM",
      name: "System",
      count: session.instances.length,
      children: session.instances.map((i) => {
        const kids = (orgs.data?.[i.id] ?? []).map((o) => orgNode(o, i.id));
        return {
          key: `instance:${i.id}`,
          kind: "instance",
          id: i.id,
          instanceId: i.id,
          name: i.name,
          tags: [...(i.isDefault ? ["default"] : []), ...(i.blocked ? ["blocked"] : [])],
          children: kids,
          count: kids.length,
        };
      }),
    };
    for (const [key, kids] of Object.entries(children.byKey)) tree = withChildren(tree, key, kids);
    return tree;
  }, [orgs.data, session.instances, children.byKey]);

  const orgCount = useMemo(() => Object.values(orgs.data ?? {}).reduce((n, l) => n + l.length, 0), [orgs.data]);
  const rows = useMemo(() => visibleRows(root, expanded, filter), [root, expanded, filter]);
  const selectedKey = selection.org ? `org:${selection.org.id}` : selection.instance ? `instance:${selection.instance.id}` : "system";
  const [picked, setPicked] = useState<string>();
  // The system, a project or an app picked in the tree; otherwise the screen shows the breadcrumb's context.
  const current = picked && findNode(root, picked) ? picked : selectedKey;

  const toggle = (row: Row) => {
    const open = !expanded.has(row.node.key);
    setExpanded((s) => {
      const next = new Set(s);
      if (open) next.add(row.node.key);
      else next.delete(row.node.key);
      return next;
    });
    // Opening an org asks for its projects, opening a project for its apps, from the node's instance.
    const n = row.node;
    if (open && n.children === undefined) setOpened((o) => (o.some((m) => m.key === n.key) ? o : [...o, n]));
  };

  const select = (row: Row) => {
    const n = row.node;
    setPicked(n.kind === "instance" || n.kind === "org" ? undefined : n.key);
    if (n.kind === "instance") selection.selectInstance(n.id);
    if (n.kind === "org" && n.instanceId) {
      if (selection.instance?.id !== n.instanceId) selection.selectInstance(n.instanceId);
      selection.selectOrg({ id: n.id, name: n.name });
    }
    if (n.kind === "system" && selection.org) selection.selectOrg(undefined);
  };

  /** After an org changed (its instance's tree is loaded again by then): the selection follows. */
  const changed = (select?: { id: string; name: string } | null) => {
    if (select === null) selection.selectOrg(undefined);
    else if (select) selection.selectOrg(select);
  };

  /** After an instance was created (select it, open it) or deleted (back to the system); the session is read again by then. */
  const instancesChanged = (selected: string | null) => {
    setPicked(selected ? undefined : "system");
    if (selected) {
      selection.selectInstance(selected);
      setExpanded((s) => new Set([...s, `instance:${selected}`]));
    } else if (defaultId) selection.selectInstance(defaultId);
  };

  const node = findNode(root, current) ?? root;
  // A failed load of an opened node's children can be dismissed (until another one fails).
  const childError = children.error === dismissed ? undefined : children.error;
  const row = rows.find((r) => r.node.key === node.key);
  const instanceName = session.instances.find((i) => i.id === node.instanceId)?.name ?? "";
  const path = row?.path ?? (node.kind === "org" ? ["System", instanceName, node.name] : [node.name]);

  return (
    <>
      <h1>Context hierarchy</h1>
      <ErrorBanner error={orgs.error ?? childError} onDismiss={childError ? () => setDismissed(children.error) : undefined} />
      <div className="hierarchy">
        <Card title="Contexts" className="hierarchy-tree">
          <label className="tree-filter">
            Filter <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="name or id" aria-describedby={countId} />
          </label>
          <p id={countId} className="muted" aria-live="polite" data-testid="tree-count">
            {filter.trim() ? `${rows.filter((r) => r.node.kind === "org").length} orgs match` : `${orgs.data ? orgCount : "…"} orgs`}
          </p>
          <ContextTree rows={rows} selected={node.key} onSelect={select} onToggle={toggle} />
        </Card>
        <Detail
          key={node.key}
          node={node}
          path={path}
          isDefaultInstance={node.kind === "instance" && node.id === defaultId}
          onChanged={changed}
          onInstancesChanged={instancesChanged}
        />
      </div>
    </>
  );
}

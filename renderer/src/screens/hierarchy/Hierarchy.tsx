// The context hierarchy editor (issue 13, screen 2): a filterable, virtualised tree System >
// Instances > Orgs > Projects > Apps beside the detail of the selected context. Selecting an instance
// or org also selects it for every screen (the breadcrumb). Orgs, projects and apps come from the
// resource API, which reaches the instance of the page's Host (the default one); other instances are
// listed from the control API.

import { useCallback, useMemo, useState } from "react";
import { resourceClient, SETTINGS_BASE } from "../../api/resource";
import { useData } from "../../api/use-data";
import { ErrorBanner } from "../../components/ErrorBanner";
import { useSelection } from "../../context/selection";
import { useSession } from "../../context/session";
import { hierarchyApi } from "./api";
import { ContextTree } from "./ContextTree";
import { Detail } from "./Detail";
import { findNode, type Row, type TreeNode, visibleRows, withChildren } from "./tree";

export default function Hierarchy() {
  const { session, resource } = useSession();
  const selection = useSelection();
  const api = useMemo(() => hierarchyApi(resource, resourceClient(session.adminPat, SETTINGS_BASE)), [resource, session.adminPat]);
  const reachable = session.instances.find((i) => i.isDefault) ?? session.instances[0];
  const orgs = useData(api.orgs, [api]);
  const [loaded, setLoaded] = useState<Record<string, TreeNode[]>>({});
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(["system", `instance:${reachable?.id}`]));
  const [filter, setFilter] = useState("");
  const [loadError, setLoadError] = useState<unknown>();

  const root = useMemo<TreeNode>(() => {
    const orgNodes: TreeNode[] = (orgs.data ?? []).map((o) => ({
      key: `org:${o.details.id}`,
      kind: "org",
      id: o.details.id,
      name: o.organization.name,
      tags: [...(o.isInstanceDefault ? ["default"] : []), ...(o.state === "ORGANIZATION_STATE_INACTIVE" ? ["inactive"] : [])],
    }));
    let tree: TreeNode = {
      key: "system",
      kind: "system",
      id: "SYSTEM",
      name: "System",
      count: session.instances.length,
      children: session.instances.map((i) => ({
        key: `instance:${i.id}`,
        kind: "instance",
        id: i.id,
        name: i.name,
        tags: i.isDefault ? ["default"] : [],
        ...(i.id === reachable?.id ? { children: orgNodes, count: orgNodes.length } : { children: [] }),
      })),
    };
    for (const [key, children] of Object.entries(loaded)) tree = withChildren(tree, key, children);
    return tree;
  }, [orgs.data, session.instances, reachable?.id, loaded]);

  const rows = useMemo(() => visibleRows(root, expanded, filter), [root, expanded, filter]);
  const selectedKey = selection.org ? `org:${selection.org.id}` : selection.instance ? `instance:${selection.instance.id}` : "system";
  const [picked, setPicked] = useState<string>();
  // The system, a project or an app picked in the tree; otherwise the screen shows the breadcrumb's context.
  const current = picked && findNode(root, picked) ? picked : selectedKey;

  // Opening an org loads its projects, opening a project its apps (once; a reload clears them).
  const loadChildren = useCallback(
    async (n: TreeNode) => {
      try {
        const kids: TreeNode[] =
          n.kind === "org"
            ? (await api.projects(n.id)).map((p) => ({ key: `project:${p.details.id}`, kind: "project", id: p.details.id, name: p.project.name }))
            : (await api.apps(n.id)).map((a) => ({
                key: `app:${a.details.id}`,
                kind: "app",
                id: a.details.id,
                name: a.oidc?.name ?? a.api?.name ?? a.clientId ?? a.details.id,
                children: [],
              }));
        setLoaded((l) => ({ ...l, [n.key]: kids }));
      } catch (e) {
        setLoadError(e);
      }
    },
    [api],
  );

  const toggle = (row: Row) => {
    const open = !expanded.has(row.node.key);
    setExpanded((s) => {
      const next = new Set(s);
      if (open) next.add(row.node.key);
      else next.delete(row.node.key);
      return next;
    });
    if (open && row.node.children === undefined) void loadChildren(row.node);
  };

  const select = (row: Row) => {
    const n = row.node;
    setPicked(n.kind === "instance" || n.kind === "org" ? undefined : n.key);
    if (n.kind === "instance") selection.selectInstance(n.id);
    if (n.kind === "org" && reachable) {
      if (selection.instance?.id !== reachable.id) selection.selectInstance(reachable.id);
      selection.selectOrg({ id: n.id, name: n.name });
    }
    if (n.kind === "system" && selection.org) selection.selectOrg(undefined);
  };

  /** After a change: the orgs again, the loaded children dropped, the selection kept when it still exists. */
  const reload = async (select?: { id: string; name: string } | null) => {
    setLoaded({});
    await orgs.reload();
    if (select === null) selection.selectOrg(undefined);
    else if (select) selection.selectOrg(select);
  };

  const node = findNode(root, current) ?? root;
  const row = rows.find((r) => r.node.key === node.key);
  const path = row?.path ?? (node.kind === "org" ? ["System", reachable?.name ?? "", node.name] : [node.name]);

  return (
    <>
      <h1>Context hierarchy</h1>
      <ErrorBanner error={orgs.error ?? loadError} onDismiss={loadError ? () => setLoadError(undefined) : undefined} />
      <div className="hierarchy">
        <section className="card hierarchy-tree" aria-labelledby="tree-title">
          <h2 id="tree-title">Contexts</h2>
          <label className="tree-filter">
            Filter{" "}
            <input type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="name or id" aria-describedby="tree-filter-count" />
          </label>
          <p id="tree-filter-count" className="muted" aria-live="polite" data-testid="tree-count">
            {filter.trim() ? `${rows.filter((r) => r.node.kind === "org").length} orgs match` : `${orgs.data?.length ?? "…"} orgs`}
          </p>
          <ContextTree rows={rows} selected={node.key} onSelect={select} onToggle={toggle} />
        </section>
        <Detail key={node.key} node={node} path={path} api={api} reachableId={reachable?.id} onChanged={reload} />
      </div>
    </>
  );
}

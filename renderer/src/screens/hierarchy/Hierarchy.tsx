// The context hierarchy editor (issue 13, screen 2): a filterable, virtualised tree System >
// Instances > Orgs > Projects > Apps beside the detail of the selected context. Selecting an instance
// or org also selects it for every screen (the breadcrumb). Instances come from the control API; the
// orgs, projects and apps of each from the resource API, told which instance by x-svc-instance-host.

import { useCallback, useMemo, useState } from "react";
import type { Instance } from "../../api/control";
import { instanceClients } from "../../api/resource";
import { useData } from "../../api/use-data";
import { ErrorBanner } from "../../components/ErrorBanner";
import { useSelection } from "../../context/selection";
import { useSession } from "../../context/session";
import { type HierarchyApi, hierarchyApi, type Org } from "./api";
import { ContextTree } from "./ContextTree";
import { Detail } from "./Detail";
import { findNode, type Row, type TreeNode, visibleRows, withChildren } from "./tree";

/** The orgs of every instance that answers (a blocked instance refuses the resource API: none listed). */
async function orgsOfAll(instances: Instance[], apiOf: (id: string) => HierarchyApi): Promise<Record<string, Org[]>> {
  const lists = await Promise.all(instances.map(async (i) => [i.id, i.blocked ? [] : await apiOf(i.id).orgs()] as const));
  return Object.fromEntries(lists);
}

const orgNode = (o: Org, instanceId: string): TreeNode => ({
  key: `org:${o.details.id}`,
  kind: "org",
  id: o.details.id,
  instanceId,
  name: o.organization.name,
  tags: [...(o.isInstanceDefault ? ["default"] : []), ...(o.state === "ORGANIZATION_STATE_INACTIVE" ? ["inactive"] : [])],
});

export default function Hierarchy() {
  const { session, refresh } = useSession();
  const selection = useSelection();
  // One client pair per instance; the system's calls (SvcInstances) go through the default one.
  const apis = useMemo(
    () =>
      new Map(
        session.instances.map((i) => {
          const { resource, settings } = instanceClients(session.adminPat, i);
          return [i.id, hierarchyApi(resource, settings)];
        }),
      ),
    [session.instances, session.adminPat],
  );
  const defaultId = (session.instances.find((i) => i.isDefault) ?? session.instances[0])?.id;
  const apiOf = useCallback((id: string | undefined) => apis.get(id ?? "") ?? apis.get(defaultId ?? "")!, [apis, defaultId]);
  const orgs = useData(() => orgsOfAll(session.instances, apiOf), [session.instances, apiOf]);
  const [loaded, setLoaded] = useState<Record<string, TreeNode[]>>({});
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(["system", `instance:${selection.instance?.id}`]));
  const [filter, setFilter] = useState("");
  const [loadError, setLoadError] = useState<unknown>();

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
    for (const [key, children] of Object.entries(loaded)) tree = withChildren(tree, key, children);
    return tree;
  }, [orgs.data, session.instances, loaded]);

  const orgCount = useMemo(() => Object.values(orgs.data ?? {}).reduce((n, l) => n + l.length, 0), [orgs.data]);
  const rows = useMemo(() => visibleRows(root, expanded, filter), [root, expanded, filter]);
  const selectedKey = selection.org ? `org:${selection.org.id}` : selection.instance ? `instance:${selection.instance.id}` : "system";
  const [picked, setPicked] = useState<string>();
  // The system, a project or an app picked in the tree; otherwise the screen shows the breadcrumb's context.
  const current = picked && findNode(root, picked) ? picked : selectedKey;

  // Opening an org loads its projects, opening a project its apps (once; a reload clears them), from the node's instance.
  const loadChildren = useCallback(
    async (n: TreeNode) => {
      const api = apiOf(n.instanceId);
      try {
        const kids: TreeNode[] =
          n.kind === "org"
            ? (await api.projects(n.id)).map((p) => ({
                key: `project:${p.details.id}`,
                kind: "project",
                id: p.details.id,
                instanceId: n.instanceId,
                name: p.project.name,
              }))
            : (await api.apps(n.id)).map((a) => ({
                key: `app:${a.details.id}`,
                kind: "app",
                id: a.details.id,
                instanceId: n.instanceId,
                name: a.oidc?.name ?? a.api?.name ?? a.clientId ?? a.details.id,
                children: [],
              }));
        setLoaded((l) => ({ ...l, [n.key]: kids }));
      } catch (e) {
        setLoadError(e);
      }
    },
    [apiOf],
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
    if (n.kind === "org" && n.instanceId) {
      if (selection.instance?.id !== n.instanceId) selection.selectInstance(n.instanceId);
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

  /** After an instance was created (select it, open it) or deleted (back to the system). */
  const instancesChanged = async (selected: string | null) => {
    await refresh();
    setLoaded({});
    setPicked(selected ? undefined : "system");
    if (selected) {
      selection.selectInstance(selected);
      setExpanded((s) => new Set([...s, `instance:${selected}`]));
    } else if (defaultId) selection.selectInstance(defaultId);
  };

  const node = findNode(root, current) ?? root;
  const row = rows.find((r) => r.node.key === node.key);
  const instanceName = session.instances.find((i) => i.id === node.instanceId)?.name ?? "";
  const path = row?.path ?? (node.kind === "org" ? ["System", instanceName, node.name] : [node.name]);

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
            {filter.trim() ? `${rows.filter((r) => r.node.kind === "org").length} orgs match` : `${orgs.data ? orgCount : "…"} orgs`}
          </p>
          <ContextTree rows={rows} selected={node.key} onSelect={select} onToggle={toggle} />
        </section>
        <Detail
          key={node.key}
          node={node}
          path={path}
          api={apiOf(node.instanceId)}
          isDefaultInstance={node.kind === "instance" && node.id === defaultId}
          onChanged={reload}
          onInstancesChanged={instancesChanged}
        />
      </div>
    </>
  );
}

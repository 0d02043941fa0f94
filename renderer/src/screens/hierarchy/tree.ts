// The context tree as data: System > Instances > Orgs > Projects > Apps, flattened into the visible
// rows (expanded nodes only) for the virtualised list, and filtered by name. A filter keeps every
// node whose name or id contains the text (case-insensitive) with the path down to it, expanded.

export type NodeKind = "system" | "instance" | "org" | "project" | "app";

export interface TreeNode {
  /** Unique in the tree: kind and id ("org:123"). */
  key: string;
  kind: NodeKind;
  id: string;
  name: string;
  /** Undefined: not loaded yet (projects and apps load when their parent opens). */
  children?: TreeNode[];
  /** The instance the node belongs to (its own id for an instance; none for the system). */
  instanceId?: string;
  /** A short note shown after the name: "default", "inactive". */
  tags?: string[];
  /** The number shown in the badge (e.g. an instance's orgs) when known. */
  count?: number;
}

export interface Row {
  node: TreeNode;
  level: number;
  /** The names from the system down to this node, for the breadcrumb and confirmations. */
  path: string[];
  expandable: boolean;
  expanded: boolean;
  /** Position among its siblings (1-based) and their number, for aria-posinset / aria-setsize. */
  pos: number;
  size: number;
}

/** The rows to show: below expanded nodes only; with a filter, the matches and their ancestors (all open). */
export function visibleRows(root: TreeNode, expanded: ReadonlySet<string>, filter: string): Row[] {
  const needle = filter.trim().toLowerCase();
  const matches = (n: TreeNode) => n.name.toLowerCase().includes(needle) || n.id.toLowerCase().includes(needle);
  // With a filter: which nodes to keep (a match, or an ancestor of one), found bottom-up once.
  const keep = new Set<string>();
  if (needle) {
    const mark = (n: TreeNode): boolean => {
      let any = matches(n);
      for (const c of n.children ?? []) if (mark(c)) any = true;
      if (any) keep.add(n.key);
      return any;
    };
    mark(root);
  }
  const rows: Row[] = [];
  const walk = (n: TreeNode, level: number, path: string[], pos: number, size: number) => {
    const kids = needle ? (n.children ?? []).filter((c) => keep.has(c.key)) : (n.children ?? []);
    const isOpen = needle ? kids.length > 0 : expanded.has(n.key);
    const expandable = n.kind !== "app" && (n.children === undefined || n.children.length > 0);
    const here = [...path, n.name];
    rows.push({ node: n, level, path: here, expandable, expanded: expandable && isOpen, pos, size });
    if (isOpen) for (const [i, c] of kids.entries()) walk(c, level + 1, here, i + 1, kids.length);
  };
  if (!needle || keep.has(root.key)) walk(root, 1, [], 1, 1);
  return rows;
}

/** Replaces the children of the node with `key` (a new tree; unchanged branches are shared). */
export function withChildren(n: TreeNode, key: string, children: TreeNode[]): TreeNode {
  if (n.key === key) return { ...n, children, count: children.length };
  if (!n.children) return n;
  let changed = false;
  const next = n.children.map((c) => {
    const d = withChildren(c, key, children);
    if (d !== c) changed = true;
    return d;
  });
  return changed ? { ...n, children: next } : n;
}

export function findNode(n: TreeNode, key: string): TreeNode | undefined {
  if (n.key === key) return n;
  for (const c of n.children ?? []) {
    const f = findNode(c, key);
    if (f) return f;
  }
  return undefined;
}

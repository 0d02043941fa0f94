// The detail beside the tree: what the selected context is and what can be done there. Instances and
// orgs get their own panels, settings with provenance and the IDPs' state per context; projects and
// apps show what they are (their screens edit them).

import type { HierarchyApi } from "./api";
import { DomainsPanel } from "./DomainsPanel";
import { IdpsPanel } from "./IdpsPanel";
import { InstancePanel } from "./InstancePanel";
import { LanguagesPanel } from "./LanguagesPanel";
import { OrgPanel } from "./OrgPanel";
import type { TreeNode } from "./tree";

export interface DetailProps {
  node: TreeNode;
  /** Names from the system down to the node. */
  path: string[];
  api: HierarchyApi;
  /** The instance the resource API reaches (the Host's). */
  reachableId: string | undefined;
  /** Reload the tree; `select` an org afterwards, or `null` to clear the selected org. */
  onChanged(select?: { id: string; name: string } | null): Promise<void>;
}

export function Detail(props: DetailProps) {
  const { node, path, api, reachableId } = props;
  const title = path.join(" / ");
  if (node.kind === "instance" && node.id === reachableId)
    return (
      <div className="hierarchy-detail">
        <InstancePanel {...props} />
        <LanguagesPanel api={api} ctx={undefined} where={title} />
        <IdpsPanel api={api} ctx={undefined} where={title} />
      </div>
    );
  if (node.kind === "org")
    return (
      <div className="hierarchy-detail">
        <OrgPanel {...props} />
        <DomainsPanel api={api} orgId={node.id} />
        <LanguagesPanel api={api} ctx={{ orgId: node.id }} where={title} />
        <IdpsPanel api={api} ctx={{ orgId: node.id }} where={title} />
      </div>
    );
  return (
    <div className="hierarchy-detail">
      <section className="card" aria-labelledby="detail-title">
        <h2 id="detail-title">{title}</h2>
        <dl className="facts">
          <div>
            <dt>Kind</dt>
            <dd>{node.kind}</dd>
          </div>
          <div>
            <dt>ID</dt>
            <dd>
              <code>{node.id}</code>
            </dd>
          </div>
          {node.count !== undefined && (
            <div>
              <dt>Children</dt>
              <dd>{node.count}</dd>
            </div>
          )}
        </dl>
        {node.kind === "instance" && (
          <p className="muted">
            The resource API reaches an instance through its own domain ({node.name}); this page's Host reaches the default instance, whose orgs the tree shows.
          </p>
        )}
        {node.kind === "system" && <p className="muted">Select an instance or an org to edit it; type in the filter to find one.</p>}
      </section>
    </div>
  );
}

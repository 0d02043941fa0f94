// The detail beside the tree: what the selected context is and what can be done there. The system
// creates instances; instances and orgs get their own panels, settings with provenance and the IDPs'
// state per context; projects and apps show what they are (their screens edit them).

import type { HierarchyApi } from "./api";
import { DomainsPanel } from "./DomainsPanel";
import { IdpsPanel } from "./IdpsPanel";
import { InstancePanel } from "./InstancePanel";
import { LanguagesPanel } from "./LanguagesPanel";
import { OrgPanel } from "./OrgPanel";
import { SystemPanel } from "./SystemPanel";
import type { TreeNode } from "./tree";

export interface DetailProps {
  node: TreeNode;
  /** Names from the system down to the node. */
  path: string[];
  /** The resource and settings calls of the node's instance. */
  api: HierarchyApi;
  /** The node is the default instance (which cannot be deleted). */
  isDefaultInstance: boolean;
  /** Reload the tree; `select` an org afterwards, or `null` to clear the selected org. */
  onChanged(select?: { id: string; name: string } | null): Promise<void>;
  /** Instances were created or deleted: read them again and select `selected` (null: back to the default). */
  onInstancesChanged(selected: string | null): Promise<void>;
}

export function Detail(props: DetailProps) {
  const { node, path, api } = props;
  const title = path.join(" / ");
  if (node.kind === "system")
    return (
      <div className="hierarchy-detail">
        <SystemPanel {...props} />
      </div>
    );
  // A blocked instance refuses its resource API but SvcInstances: rename and delete only.
  if (node.kind === "instance")
    return (
      <div className="hierarchy-detail">
        <InstancePanel {...props} />
        {!node.tags?.includes("blocked") && <LanguagesPanel api={api} ctx={undefined} where={title} />}
        {!node.tags?.includes("blocked") && <IdpsPanel api={api} ctx={undefined} where={title} />}
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
      </section>
    </div>
  );
}

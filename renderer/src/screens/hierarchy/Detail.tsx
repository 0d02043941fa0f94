// The detail beside the tree: what the selected context is and what can be done there. The system
// creates instances; instances and orgs get their own panels, settings with provenance and the IDPs'
// state per context; projects and apps show what they are (their screens edit them).

import type { DetailProps } from "./detail-props";
import { DomainsPanel } from "./DomainsPanel";
import { IdpsPanel } from "./IdpsPanel";
import { InstancePanel } from "./InstancePanel";
import { LanguagesPanel } from "./LanguagesPanel";
import { OrgPanel } from "./OrgPanel";
import { SystemPanel } from "./SystemPanel";

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

// The detail beside the tree: what the selected context is and what can be done there. The system
// creates instances; instances and orgs get their own panels, settings with provenance and the IDPs'
// state per context; projects and apps show what they are (their screens edit them).

import { Card } from "../../components/Card";
import type { DetailProps } from "./detail-props";
import { DomainsPanel } from "./DomainsPanel";
import { IdpsPanel } from "./IdpsPanel";
import { InstancePanel } from "./InstancePanel";
import { LanguagesPanel } from "./LanguagesPanel";
import { OrgPanel } from "./OrgPanel";
import { SystemPanel } from "./SystemPanel";

export function Detail(props: DetailProps) {
  const { node, path } = props;
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
        {!node.tags?.includes("blocked") && <LanguagesPanel instanceId={node.instanceId} ctx={undefined} where={title} />}
        {!node.tags?.includes("blocked") && <IdpsPanel instanceId={node.instanceId} ctx={undefined} where={title} />}
      </div>
    );
  if (node.kind === "org")
    return (
      <div className="hierarchy-detail">
        <OrgPanel {...props} />
        <DomainsPanel instanceId={node.instanceId} orgId={node.id} />
        <LanguagesPanel instanceId={node.instanceId} ctx={{ orgId: node.id }} where={title} />
        <IdpsPanel instanceId={node.instanceId} ctx={{ orgId: node.id }} where={title} />
      </div>
    );
  return (
    <div className="hierarchy-detail">
      <Card title={title}>
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
      </Card>
    </div>
  );
}

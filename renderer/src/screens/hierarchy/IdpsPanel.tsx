// The reusable identity providers as a context sees them (SvcIdentityProviders with ctx): where each
// is defined, its state policy here (inherit / activate / deactivate) and the effective state that
// follows, editable here. Providers defined in an org show only in that org (searches also return
// those of child contexts, whose policy is not this context's to set).

import type { StatePolicyJson } from "../../../../emulator/src/gen/svc/resources/object/v3alpha/object_pb.js";
import type { GetIDPJson } from "../../../../emulator/src/gen/svc/resources/idp/v3alpha/idp_service_pb.js";
import { idOf } from "../../api/resource-id";
import { useAction } from "../../api/use-action";
import { Card } from "../../components/Card";
import { ErrorBanner } from "../../components/ErrorBanner";
import { Table } from "../../components/Table";
import type { Ctx } from "./api/context-query";
import { useIdps, useSetIdpPolicy } from "./api/search-idps";

const POLICIES: { value: StatePolicyJson; label: string }[] = [
  { value: "STATE_POLICY_INHERIT", label: "inherit" },
  { value: "STATE_POLICY_ACTIVATE", label: "activate" },
  { value: "STATE_POLICY_DEACTIVATE", label: "deactivate" },
];
const stateText = (s: string | undefined) => (s === "EFFECTIVE_STATE_ACTIVE" ? "active" : s === "EFFECTIVE_STATE_INACTIVE" ? "inactive" : "unknown");
const ownerText = (i: GetIDPJson) => {
  const o = i.details?.resourceOwner;
  return !o ? "" : o.type === "OWNER_TYPE_SYSTEM" ? "system" : o.type === "OWNER_TYPE_INSTANCE" ? "instance" : `org ${o.id ?? ""}`;
};

export function IdpsPanel({ instanceId, ctx, where }: { instanceId: string | undefined; ctx: Ctx; where: string }) {
  const orgId = ctx?.orgId;
  const list = useIdps(instanceId, ctx);
  const setIdpPolicy = useSetIdpPolicy(instanceId, ctx);
  const action = useAction();
  const governed = (i: GetIDPJson) => i.details?.resourceOwner?.type !== "OWNER_TYPE_ORG" || i.details.resourceOwner.id === orgId;
  const setPolicy = (i: GetIDPJson, statePolicy: StatePolicyJson) => action.run(() => setIdpPolicy.mutateAsync({ id: idOf(i), statePolicy }));

  return (
    <Card title="Identity providers">
      <p className="muted">State policy and effective state in {where}.</p>
      <ErrorBanner error={list.error ?? action.error} onDismiss={action.error ? action.clearError : undefined} />
      <Table<GetIDPJson>
        caption="Identity providers in this context"
        rows={(list.data ?? []).filter(governed)}
        rowKey={(i) => idOf(i)}
        empty="No identity providers reach this context."
        columns={[
          { id: "name", header: "Name", cell: (i) => i.idp?.name },
          { id: "owner", header: "Defined in", cell: ownerText },
          {
            id: "policy",
            header: "State policy",
            cell: (i) => (
              <select
                aria-label={`State policy of ${i.idp?.name ?? ""}`}
                value={i.idp?.statePolicy ?? "STATE_POLICY_INHERIT"}
                disabled={action.pending || !i.type?.includes("GITLAB")}
                onChange={(e) => setPolicy(i, e.target.value as StatePolicyJson)}
              >
                {POLICIES.filter((p) => p.value !== "STATE_POLICY_INHERIT" || i.parent).map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </select>
            ),
          },
          { id: "parent", header: "State above", cell: (i) => (i.parent ? stateText(i.parent.state) : "—") },
          { id: "state", header: "Effective state", cell: (i) => stateText(i.state) },
        ]}
      />
    </Card>
  );
}

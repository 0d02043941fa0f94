// The reusable identity providers as a context sees them (SvcIdentityProviders with ctx), and the
// state policy of one there. A policy at the instance reloads its orgs' IDPs too: their effective
// state follows it.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StatePolicyJson } from "../../../../../emulator/src/gen/svc/resources/object/v3alpha/object_pb.js";
import type { GetIDPJson } from "../../../../../emulator/src/gen/svc/resources/idp/v3alpha/idp_service_pb.js";
import { listAll, type Poster } from "../../../api/list-all";
import { useClients } from "./clients";
import { type Ctx, ctxQuery } from "./context-query";
import { hierarchyKeys } from "./keys";

export const fetchIdps = (resource: Poster, ctx: Ctx, signal?: AbortSignal) => listAll<GetIDPJson>(resource, `/idps/_search${ctxQuery(ctx)}`, [], signal);

export function useIdps(instanceId: string | undefined, ctx: Ctx) {
  const { resource } = useClients(instanceId);
  return useQuery({ queryKey: hierarchyKeys.idps(instanceId ?? "", ctx?.orgId), queryFn: ({ signal }) => fetchIdps(resource, ctx, signal) });
}

export function useSetIdpPolicy(instanceId: string | undefined, ctx: Ctx) {
  const { resource } = useClients(instanceId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, statePolicy }: { id: string; statePolicy: StatePolicyJson }) =>
      resource.patch(`/idps/gitlab/${encodeURIComponent(id)}${ctxQuery(ctx)}`, { idp: { statePolicy } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hierarchyKeys.idps(instanceId ?? "", ctx?.orgId) }),
  });
}

// The targets of the selected instance (SearchTargets), without their signing keys (the list never shows one).

import { useQuery } from "@tanstack/react-query";
import type { SearchTargetsResponseJson } from "../../../../../emulator/src/gen/svc/resources/action/v3alpha/action_service_pb.js";
import type { ResourceClient } from "../../../api/resource";
import { useSelection } from "../../../context/selection";
import { type Target, targetOf } from "../model";
import { actionsKeys } from "./keys";

export async function listTargets(rest: ResourceClient, signal?: AbortSignal): Promise<Target[]> {
  const r = await rest.post<SearchTargetsResponseJson>("/targets/_search", [], { signal });
  return (r.result ?? []).map((g) => targetOf(g.details, g.target));
}

export function useTargets() {
  const { instance, resource } = useSelection();
  return useQuery({ queryKey: actionsKeys.targets(instance?.id), queryFn: ({ signal }) => listTargets(resource, signal) });
}

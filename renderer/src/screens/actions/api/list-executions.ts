// The executions of the selected instance (SearchExecutions), and what a condition may name: the
// methods, services and functions the instance offers.

import { useQuery } from "@tanstack/react-query";
import type {
  ListAvailableExecutionFunctionsResponseJson,
  ListAvailableExecutionMethodsResponseJson,
  ListAvailableExecutionServicesResponseJson,
  SearchExecutionsResponseJson,
} from "../../../../../emulator/src/gen/svc/resources/action/v3alpha/action_service_pb.js";
import type { ResourceClient } from "../../../api/resource";
import { useSelection } from "../../../context/selection";
import type { Execution } from "../model";
import { actionsKeys } from "./keys";

export async function listExecutions(rest: ResourceClient, signal?: AbortSignal): Promise<Execution[]> {
  const r = await rest.post<SearchExecutionsResponseJson>("/executions/_search", [], { signal });
  return (r.result ?? []).map((g) => ({
    id: g.details?.id ?? "",
    changeDate: g.details?.changeDate ?? "",
    condition: g.execution?.condition ?? {},
    targets: g.execution?.targets ?? [],
    includes: g.execution?.includes ?? [],
  }));
}

export interface Choices {
  methods: string[];
  services: string[];
  functions: string[];
}

export async function listChoices(rest: ResourceClient, signal?: AbortSignal): Promise<Choices> {
  const [methods, services, functions] = await Promise.all([
    rest.get<ListAvailableExecutionMethodsResponseJson>("/executions/methods", { signal }),
    rest.get<ListAvailableExecutionServicesResponseJson>("/executions/services", { signal }),
    rest.get<ListAvailableExecutionFunctionsResponseJson>("/executions/functions", { signal }),
  ]);
  return { methods: methods.methods ?? [], services: services.services ?? [], functions: functions.functions ?? [] };
}

export function useExecutions() {
  const { instance, resource } = useSelection();
  return useQuery({ queryKey: actionsKeys.executions(instance?.id), queryFn: ({ signal }) => listExecutions(resource, signal) });
}

export function useChoices() {
  const { instance, resource } = useSelection();
  return useQuery({ queryKey: actionsKeys.choices(instance?.id), queryFn: ({ signal }) => listChoices(resource, signal) });
}

// Sets the execution of a condition (an existing one is replaced: the API keys executions by their
// condition) or deletes one; the executions are read again.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ResourceClient } from "../../../api/resource";
import { useSelection } from "../../../context/selection";
import type { ConditionJson } from "../model";
import { actionsKeys } from "./keys";

export type ExecutionChange = { kind: "put"; condition: ConditionJson; targets: string[]; includes: string[] } | { kind: "delete"; id: string };

export async function changeExecution(rest: ResourceClient, change: ExecutionChange): Promise<void> {
  if (change.kind === "delete") await rest.delete(`/executions/${encodeURIComponent(change.id)}`);
  else await rest.post("/executions", { condition: change.condition, targets: change.targets, includes: change.includes });
}

export function useChangeExecution() {
  const { instance, resource } = useSelection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ExecutionChange) => changeExecution(resource, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: actionsKeys.executions(instance?.id) }),
  });
}

// Adds a fault (a definition as POST /faults reads it), removes one, or removes all of an instance;
// each makes the instance's fault list stale.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { control } from "../../../api/control";
import { faultsKeys } from "./keys";

export type FaultChange = { kind: "add"; definition: object } | { kind: "remove"; id: string } | { kind: "removeAll" };

export async function changeFaults(instanceId: string | undefined, change: FaultChange): Promise<void> {
  if (change.kind === "add") await control.addFault({ instanceId, ...change.definition });
  else if (change.kind === "remove") await control.removeFault(change.id);
  else await control.removeFaults(instanceId);
}

export function useChangeFaults(instanceId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: FaultChange) => changeFaults(instanceId, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faultsKeys.list(instanceId) }),
  });
}

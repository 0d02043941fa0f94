// Creates, changes and deletes targets of the selected instance. A create answers the signing key
// (from GetTarget), which the UI shows once, right after. A delete also takes the target out of every
// execution, so both lists are read again.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateTargetResponseJson, GetTargetResponseJson } from "../../../../../emulator/src/gen/svc/resources/action/v3alpha/action_service_pb.js";
import type { ResourceClient } from "../../../api/resource";
import { useSelection } from "../../../context/selection";
import { type TargetInput, targetJson } from "../model";
import { actionsKeys } from "./keys";

export type TargetChange = { kind: "create"; target: TargetInput } | { kind: "patch"; id: string; target: TargetInput } | { kind: "delete"; id: string };

/** The target's id and, for one just created, its signing key ("" for other changes). */
export async function changeTarget(rest: ResourceClient, change: TargetChange): Promise<{ id: string; signingKey: string }> {
  if (change.kind === "delete") await rest.delete(`/targets/${encodeURIComponent(change.id)}`);
  if (change.kind === "patch") await rest.patch(`/targets/${encodeURIComponent(change.id)}`, targetJson(change.target));
  if (change.kind !== "create") return { id: change.id, signingKey: "" };
  const { details } = await rest.post<CreateTargetResponseJson>("/targets", targetJson(change.target));
  const id = details?.id ?? "";
  const got = await rest.get<GetTargetResponseJson>(`/targets/${encodeURIComponent(id)}`);
  return { id, signingKey: got.target?.signingKey ?? "" };
}

export function useChangeTarget() {
  const { instance, resource } = useSelection();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TargetChange) => changeTarget(resource, change),
    onSuccess: (_done, change) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: actionsKeys.targets(instance?.id) }),
        change.kind === "delete" && queryClient.invalidateQueries({ queryKey: actionsKeys.executions(instance?.id) }),
      ]),
  });
}

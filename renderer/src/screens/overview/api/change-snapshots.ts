// Saves a snapshot, restores or deletes one, or resets to the seeded state. A save or delete changes
// the snapshot list; a restore or reset replaces every row, so everything cached is read again
// (the session too: the instances may differ).

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { control } from "../../../api/control";
import { overviewKeys } from "./keys";

export type SnapshotChange = { kind: "save" | "restore" | "delete"; name: string } | { kind: "reset" };

export async function changeSnapshots(change: SnapshotChange): Promise<void> {
  if (change.kind === "save") await control.saveSnapshot(change.name);
  else if (change.kind === "restore") await control.restoreSnapshot(change.name);
  else if (change.kind === "delete") await control.deleteSnapshot(change.name);
  else await control.reset();
}

export function useChangeSnapshots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSnapshots,
    onSuccess: (_done, change) =>
      change.kind === "save" || change.kind === "delete"
        ? queryClient.invalidateQueries({ queryKey: overviewKeys.snapshots() })
        : queryClient.invalidateQueries(),
  });
}

// A user's metadata through the control API's user routes (the resource API has no rpc for it). A
// write answers the whole new list, which replaces the cached one: no second request.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { control, type MetadataEntry } from "../../../api/control";
import { usersKeys } from "./keys";
import { useScope } from "./scope";

export const fetchMetadata = (instanceId: string | undefined, userId: string, signal?: AbortSignal) => control.userMetadata(instanceId, userId, signal);

export function useMetadata(userId: string) {
  const { instanceId, controlInstanceId } = useScope();
  return useQuery({ queryKey: usersKeys.metadata(instanceId, userId), queryFn: ({ signal }) => fetchMetadata(controlInstanceId, userId, signal) });
}

/** `value` undefined removes the key. */
export function useSetMetadata(userId: string) {
  const { instanceId, controlInstanceId } = useScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value?: string }) =>
      value === undefined ? control.removeUserMetadata(controlInstanceId, userId, key) : control.setUserMetadata(controlInstanceId, userId, key, value),
    onSuccess: (next: MetadataEntry[]) => queryClient.setQueryData(usersKeys.metadata(instanceId, userId), next),
  });
}

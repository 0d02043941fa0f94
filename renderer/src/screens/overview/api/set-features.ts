// Sets feature flags of an instance (PATCH /instances/{id}/features); the session, which holds them, is read again.

import { useMutation } from "@tanstack/react-query";
import { control, type Features } from "../../../api/control";
import { useRefreshSession } from "../../../context/api/get-session";

export const setFeatures = ({ instanceId, flags }: { instanceId: string; flags: Partial<Features> }) => control.setFeatures(instanceId, flags);

export function useSetFeatures() {
  const refresh = useRefreshSession();
  return useMutation({ mutationFn: setFeatures, onSuccess: () => refresh() });
}

// A token value's record and the introspection answer its own client would get (the control API),
// and its revocation. The inspector's issuance record and the live card ask for the same token under
// one key: one request.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { control } from "../../../api/control";
import { tokensKeys } from "./keys";

/** A POST that only reads: aborted, like every load, when the screen leaves. */
export const fetchIntrospection = (token: string, instanceId: string | undefined, signal?: AbortSignal) => control.introspectToken(token, instanceId, signal);

/** Nothing is asked without a token. */
export function useIntrospection(token: string | undefined, instanceId: string | undefined) {
  return useQuery({
    queryKey: tokensKeys.introspection(instanceId ?? "", token ?? ""),
    queryFn: ({ signal }) => fetchIntrospection(token ?? "", instanceId, signal),
    enabled: !!token,
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => control.revokeToken(id),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: tokensKeys.live }), queryClient.invalidateQueries({ queryKey: tokensKeys.lists })]),
  });
}

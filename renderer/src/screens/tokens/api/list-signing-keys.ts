// The signing keys an instance publishes (its JWKS): the header card finds the token's key there and
// the verification checks the signature with it.

import { useQuery } from "@tanstack/react-query";
import { control } from "../../../api/control";
import { tokensKeys } from "./keys";

export const fetchSigningKeys = (instanceId: string, signal?: AbortSignal) => control.keys(instanceId, signal);

/** None without an instance. */
export function useSigningKeys(instanceId: string | undefined) {
  return useQuery({
    queryKey: tokensKeys.signingKeys(instanceId ?? ""),
    queryFn: ({ signal }) => (instanceId ? fetchSigningKeys(instanceId, signal) : Promise.resolve([])),
  });
}

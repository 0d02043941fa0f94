// The tokens the emulator issued in an instance (its records: access and refresh tokens).

import { useQuery } from "@tanstack/react-query";
import { control } from "../../../api/control";
import { tokensKeys } from "./keys";

export const fetchTokens = (instanceId: string | undefined, signal?: AbortSignal) => control.tokens(instanceId, signal);

export function useTokens(instanceId: string | undefined) {
  return useQuery({ queryKey: tokensKeys.list(instanceId ?? ""), queryFn: ({ signal }) => fetchTokens(instanceId, signal) });
}

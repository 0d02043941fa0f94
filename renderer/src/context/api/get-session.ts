// The UI session (GET /emulator/v1/ui/session): its fetcher, its key (under the live root the change
// notices of instances make stale) and its hook; refreshing it is making the key stale.

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { LIVE_ROOTS } from "../../api/change-notices";
import { control, type UiSession } from "../../api/control";

export const sessionKey = () => [LIVE_ROOTS.session] as const;

export const getSession = (signal?: AbortSignal): Promise<UiSession> => control.session(signal);

export const useSessionQuery = () => useQuery({ queryKey: sessionKey(), queryFn: ({ signal }) => getSession(signal) });

/** Reads the session again (after a reset or restore the instances may differ); resolves once read. */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: sessionKey() }), [queryClient]);
}

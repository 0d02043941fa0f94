// The emulator clock as the inspector reads it (once; the page ticks it on), and "advance clock":
// the answer replaces the clock read, and what time changes (keys, records, introspection, the
// tokens' states) loads again.

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ClockState, control } from "../../../api/control";
import { tokensKeys } from "./keys";

export const fetchClock = (signal?: AbortSignal) => control.clock(signal);

export function useClock() {
  return useQuery({ queryKey: tokensKeys.clock, queryFn: ({ signal }) => fetchClock(signal) });
}

/** `by`: a duration like "90s". */
export function useAdvanceClock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (by: string) => control.advanceClock(by),
    onSuccess: (state: ClockState) => {
      queryClient.setQueryData(tokensKeys.clock, state);
      return Promise.all([queryClient.invalidateQueries({ queryKey: tokensKeys.live }), queryClient.invalidateQueries({ queryKey: tokensKeys.lists })]);
    },
  });
}

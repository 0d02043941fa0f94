// Freezes, advances, resumes the clock or sets it back to real time; the state answered replaces the cached one.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ClockState, control } from "../../../api/control";
import { readAt } from "./get-clock";
import { overviewKeys } from "./keys";

/** `by`: a duration like "90s", "15m", "1h30m". */
export type ClockChange = { kind: "freeze" } | { kind: "advance"; by: string } | { kind: "resume" } | { kind: "real" };

export function changeClock(change: ClockChange): Promise<ClockState> {
  switch (change.kind) {
    case "freeze":
      return control.freezeClock();
    case "advance":
      return control.advanceClock(change.by);
    case "resume":
      return control.resumeClock();
    default:
      return control.realClock();
  }
}

export function useChangeClock() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeClock, onSuccess: (state) => queryClient.setQueryData(overviewKeys.clock(), readAt(state)) });
}

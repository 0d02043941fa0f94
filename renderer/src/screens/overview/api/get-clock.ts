// The emulator clock (GET /clock) with the moment it was read, so a running clock can tick on locally.

import { useQuery } from "@tanstack/react-query";
import { type ClockState, control } from "../../../api/control";
import { overviewKeys } from "./keys";

export interface ClockRead {
  state: ClockState;
  /** Date.now() when the state arrived. */
  readAt: number;
}

export const readAt = (state: ClockState): ClockRead => ({ state, readAt: Date.now() });

export const getClock = async (signal?: AbortSignal): Promise<ClockRead> => readAt(await control.clock(signal));

export const useClock = () => useQuery({ queryKey: overviewKeys.clock(), queryFn: ({ signal }) => getClock(signal) });

// The faults of an instance (GET /faults?instanceId=).

import { useQuery } from "@tanstack/react-query";
import { control, type Fault } from "../../../api/control";
import { faultsKeys } from "./keys";

export type { Fault };

export const listFaults = (instanceId: string | undefined, signal?: AbortSignal): Promise<Fault[]> => control.faults(instanceId, signal);

export const useFaults = (instanceId: string | undefined) =>
  useQuery({ queryKey: faultsKeys.list(instanceId), queryFn: ({ signal }) => listFaults(instanceId, signal) });

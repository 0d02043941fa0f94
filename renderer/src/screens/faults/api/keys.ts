// The Faults screen's query keys, per instance: its faults (under the live root: the change notices
// tell of faults added, hit or removed elsewhere) and the request journal's history.

import { LIVE_ROOTS } from "../../../api/change-notices";

export const faultsKeys = {
  list: (instanceId: string | undefined) => [LIVE_ROOTS.faults, instanceId ?? ""] as const,
  journal: (instanceId: string | undefined) => ["journal", instanceId ?? ""] as const,
};

// The overview's query keys: the clock and the snapshots, under the live roots the change notices make stale.

import { LIVE_ROOTS } from "../../../api/change-notices";

export const overviewKeys = {
  clock: () => [LIVE_ROOTS.clock] as const,
  snapshots: () => [LIVE_ROOTS.snapshots] as const,
};

// The control API's change notices (GET /changes/stream, docs/behaviour.md "change notices") as the
// query cache hears them: the data that changes without this browser's doing (scripts, tests, the
// CLI, another tab) has keys under these roots, and a notice makes the keys it names stale, so the
// screens showing them read them again, once, instead of polling.

import type { ChangeNotice } from "../../../emulator/src/control/schemas.js";

export type { ChangeNotice };

/** The first part of every key of data another client may change; a feature's key factory starts with one. */
export const LIVE_ROOTS = {
  /** The UI session (its instances and their feature flags). */
  session: "session",
  /** The clock and whatever changes with it (a token's state). */
  clock: "clock",
  snapshots: "snapshots",
  /** Keyed on: the instance. */
  faults: "faults",
  jobs: "jobs",
} as const;

/**
 * The key roots a notice makes stale; "all" after rows were put back (a reset, a restore: anything
 * any screen shows may differ). A clock move also ends faults with a time limit. An instance made
 * elsewhere (`known` does not know its id) makes the session stale; one changed or removed elsewhere
 * does not: the screen keeps the instance it works on until the session is read again (a reset or
 * restore, a change made here, the window regaining focus), so a change on its way is answered where it was made.
 */
export function staleRootsOf(notice: ChangeNotice, known: (instanceId: string) => boolean): readonly string[] | "all" {
  switch (notice.topic) {
    case "clock":
      return [LIVE_ROOTS.clock, LIVE_ROOTS.faults];
    case "snapshots":
      return [LIVE_ROOTS.snapshots];
    case "faults":
      return [LIVE_ROOTS.faults];
    case "jobs":
      return [LIVE_ROOTS.jobs];
    case "instances":
      return notice.instanceId && !known(notice.instanceId) ? [LIVE_ROOTS.session] : [];
    default:
      return "all";
  }
}

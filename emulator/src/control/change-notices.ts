// What the change notices (GET /changes/stream, change-routes.ts) watch: the clock, the snapshots,
// the faults (and when a fault's time runs out), the jobs, the instances, and rows put back from an
// image (reset, restore). Each change calls the listener with a notice naming what changed, so the
// UI reads it again instead of polling (docs/behaviour.md "change notices").

import { negativeOf } from "../faults/negative-testing.js";
import type { FaultRegistry } from "../faults/fault-registry.js";
import type { Clock } from "../kernel/clock.js";
import type { ControlContext } from "./control-context.js";
import { jobsOf } from "./jobs.js";
import type { ChangeNotice } from "./schemas.js";

/** The longest wait setTimeout takes (a longer one fires at once). */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Calls `ended` when the first fault with a time limit runs out: a timer while the clock runs, armed
 * again whenever the faults or the clock change (a frozen clock ends nothing). Returns the stop function.
 */
function watchFaultEnds(faults: FaultRegistry, clock: Clock, ended: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = undefined;
    const endMs = faults.nextEndMs();
    if (endMs === undefined || clock.state().frozen) return;
    const waitMs = Math.min(LONGEST_TIMER_MS, Math.max(0, endMs - clock.nowMs()) + 1);
    timer = setTimeout(() => (ended(), arm()), waitMs);
    timer.unref();
  };
  const offs = [faults.onChange(arm), clock.onMove(arm)];
  arm();
  return () => {
    clearTimeout(timer);
    for (const off of offs) off();
  };
}

/** Tells `listener` of every change a screen shows; returns the function that stops it. */
export function watchChanges(ctx: ControlContext, listener: (notice: ChangeNotice) => void): () => void {
  const { core } = ctx;
  const { faults } = negativeOf(core);
  const offs = [
    core.clock.onMove(() => listener({ topic: "clock" })),
    ctx.snapshots.onChange(() => listener({ topic: "snapshots" })),
    faults.onChange((instanceId) => listener(instanceId ? { topic: "faults", instanceId } : { topic: "faults" })),
    watchFaultEnds(faults, core.clock, () => listener({ topic: "faults" })),
    jobsOf(core).onChange((job) => listener({ topic: "jobs", instanceId: job.instanceId })),
    core.db.onReplaced((instanceId) => listener(instanceId ? { topic: "state", instanceId } : { topic: "state" })),
    core.events.subscribe((events) => {
      const changed = new Set(events.filter((e) => e.aggregateType === "instance").map((e) => e.instanceId));
      for (const instanceId of changed) listener({ topic: "instances", instanceId });
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

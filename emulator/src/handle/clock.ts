// The handle's clock: the emulator clock with the control API's input rules (durations, times a
// Date can hold), so a script and a test move time the same way.

import type { Clock } from "../kernel/clock.js";
import { parseDuration } from "../kernel/duration.js";
import type { EmulatorClock } from "./handle.js";

export function handleClock(clock: Clock): EmulatorClock {
  return {
    now: () => clock.now(),
    state: () => clock.state(),
    freeze(at) {
      const ms = at === undefined ? undefined : typeof at === "number" ? at : typeof at === "string" ? Date.parse(at) : at.getTime();
      if (ms !== undefined && Number.isNaN(new Date(ms).getTime())) throw new RangeError(`cannot freeze the clock at ${String(at)}: not a time`);
      clock.freeze(ms);
      return clock.state();
    },
    advance(by) {
      const ms = typeof by === "number" ? by : parseDuration(by);
      if (ms === undefined || ms < 0) throw new RangeError(`advance needs milliseconds or a duration like "90s", "15m" or "1h30m", not ${JSON.stringify(by)}`);
      if (!clock.canAdvance(ms)) throw new RangeError(`advancing by ${JSON.stringify(by)} moves the clock past the latest time it can represent`);
      clock.advance(ms);
      return clock.state();
    },
    resume() {
      clock.resume();
      return clock.state();
    },
    reset() {
      clock.reset();
      return clock.state();
    },
  };
}

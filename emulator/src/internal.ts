// `svc-emulator/internal`: the parts behind a library handle (core, event store, database,
// snapshots) for the emulator's own tests, benchmarks and tools. Not a stable contract: what is here
// changes with the code; the handle (index.ts) is what other programs should use.

import { INTERNALS, type EmulatorInternals } from "./handle/internals.js";
import type { Emulator } from "./handle/handle.js";

export type { EmulatorInternals } from "./handle/internals.js";
export type { Core } from "./domain/core.js";

/** The core and snapshot store behind a handle that startEmulator() returned. */
export function internals(emu: Emulator): EmulatorInternals {
  const found = (emu as unknown as Record<symbol, EmulatorInternals | undefined>)[INTERNALS];
  if (!found) throw new TypeError("not an emulator handle from startEmulator()");
  return found;
}

// Where a handle keeps what `svc-emulator/internal` gives out. The key is registered
// (Symbol.for), so the library bundle and the internal bundle find the same property.

import type { Core } from "../domain/core.js";
import type { Snapshots } from "../store/snapshots.js";

export const INTERNALS = Symbol.for("svc-emulator.internals");

export interface EmulatorInternals {
  core: Core;
  snapshots: Snapshots;
}

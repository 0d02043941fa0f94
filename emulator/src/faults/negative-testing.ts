// An emulator's faults and request journal, found from its core by every surface that checks or
// records requests (oidc/fault-hook.ts, api/rpc-faults.ts, the control API, the handle). In memory:
// they are run-time arrangements of a test, not stored state (docs/behaviour.md "Faults").

import type { Core } from "../domain/core.js";
import { DEFAULT_RETENTION_MS } from "../domain/retention.js";
import { FaultRegistry } from "./fault-registry.js";
import { Journal } from "./journal.js";

export interface NegativeTesting {
  faults: FaultRegistry;
  journal: Journal;
}

const byCore = new WeakMap<Core, NegativeTesting>();

/** Sets up the core's faults and journal (emulator.ts, with its retention period). */
export function attachNegativeTesting(core: Core, retentionMs: number): NegativeTesting {
  const made = { faults: new FaultRegistry(core.clock), journal: new Journal(core.clock, retentionMs) };
  byCore.set(core, made);
  return made;
}

export function negativeOf(core: Core): NegativeTesting {
  return byCore.get(core) ?? attachNegativeTesting(core, DEFAULT_RETENTION_MS);
}

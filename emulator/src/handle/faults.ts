// The library handle's faults and request journal (issue 29): the control API's /faults and
// /requests without HTTP. A definition is checked as the control API checks it (a bad field throws,
// naming it; nothing is stored).

import { faultNames } from "../control/fault-routes.js";
import { FaultDefinitionError, readFaultDefinition } from "../control/fault-definition.js";
import type { Core } from "../domain/core.js";
import type { FaultView } from "../faults/fault.js";
import type { JournalEntry, JournalFilter } from "../faults/journal.js";
import { negativeOf } from "../faults/negative-testing.js";

/** A fault as written for `faults.add`: the control API's body (docs/behaviour.md "Faults"). */
export interface FaultInput {
  instanceId?: string;
  where: Record<string, unknown>;
  what: { kind: string } & Record<string, unknown>;
  times?: number;
  /** A duration on the emulator clock, like "30s". */
  for?: string;
}

/** A defined fault: its id, its hits so far, and its removal. */
export interface FaultHandle {
  readonly id: string;
  /** Requests it answered so far (read when asked). */
  readonly hits: number;
  /** Its state as the control API shows it; undefined once removed. */
  view(): FaultView | undefined;
  /** Removes it: the next request is answered normally. Whether it was still there. */
  remove(): boolean;
}

export interface EmulatorFaults {
  /** Defines a fault; rejects with FaultDefinitionError (its `field` named) for a bad definition. */
  add(def: FaultInput): Promise<FaultHandle>;
  list(instanceId?: string): FaultView[];
  /** Removes every fault (of one instance); how many. */
  clear(instanceId?: string): number;
}

export interface EmulatorRequests {
  /** Journaled requests matching `filter`, oldest first. */
  list(filter?: JournalFilter): JournalEntry[];
  count(filter?: JournalFilter): number;
  /** Empties the journal (of one instance); how many entries went. */
  clear(instanceId?: string): number;
  /** Calls `listener` for every request journaled from now on; returns the function that stops it. */
  on(listener: (entry: JournalEntry) => void): () => void;
}

export { FaultDefinitionError };

export function handleFaults(core: Core, rpcNames: () => Promise<{ methods: string[]; services: string[] }>): EmulatorFaults {
  const { faults } = negativeOf(core);
  return {
    async add(def) {
      const view = faults.add(readFaultDefinition(def, await faultNames({ core, rpcNames })));
      const id = view.id;
      return {
        id,
        get hits() {
          return faults.get(id)?.hits ?? view.hits;
        },
        view: () => faults.get(id),
        remove: () => faults.remove(id),
      };
    },
    list: (instanceId) => faults.list(instanceId),
    clear: (instanceId) => faults.clear(instanceId),
  };
}

export function handleRequests(core: Core): EmulatorRequests {
  const { journal } = negativeOf(core);
  return {
    list: (filter = {}) => journal.list(filter),
    count: (filter = {}) => journal.count(filter),
    clear: (instanceId) => journal.clear(instanceId),
    on: (listener) => journal.onEntry(listener),
  };
}

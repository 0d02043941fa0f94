// Event executions (wire-facts 1.6, 1.8): after a command commits, each of its events goes to the
// best matching execution (the event type, then its groups from the longest, then all). Deliveries
// run in commit order, one event after the other, without holding up the command's caller; the
// targets' answers are ignored.

import type { Core } from "../domain/core.js";
import type { StoredEvent } from "../store/event-store.js";
import { eventCandidates, matchTargets, type Match } from "./matching.js";
import { runTargets } from "./run-targets.js";

/** The JSON an event target receives. */
export function eventPayload(e: StoredEvent): Record<string, unknown> {
  return {
    aggregateID: e.aggregateId,
    aggregateType: e.aggregateType,
    resourceOwner: e.resourceOwner,
    instanceID: e.instanceId,
    version: "v1",
    sequence: e.aggregateSequence,
    event_type: e.type,
    created_at: e.createdAt,
    userID: e.creator,
    event_payload: e.payload,
  };
}

/** The targets an event goes to, read now; undefined when no execution matches it. */
export function eventMatch(core: Core, e: StoredEvent): Match | undefined {
  return matchTargets(core.db, e.instanceId, eventCandidates(e.type));
}

/** Delivers one event to its execution's targets; resolves when the synchronous targets answered. */
export async function deliverEvent(core: Core, e: StoredEvent, match: Match): Promise<void> {
  // An event's delivery never fails its command: errors stay in the call record.
  await runTargets(core, e.instanceId, match, eventPayload(e), (p) => p).catch(() => undefined);
}

/** Starts delivering committed events; returns the function that stops it. */
export function startEventExecutions(core: Core): () => void {
  let queue = Promise.resolve();
  return core.events.subscribe((events) => {
    // Matching reads the executions now, in the committed state, so a later reset cannot change it.
    for (const e of events) {
      const match = eventMatch(core, e);
      if (match) queue = queue.then(() => deliverEvent(core, e, match));
    }
  });
}

// Event types declared once: the aggregate, the type name and the payload's shape in one place.
// Commands build their events with `event(...)`; projections read the payload typed with `on(...)`
// (store/projections.ts). Event names are never written as string literals anywhere else.

import type { Actor, NewEvent, StoredEvent } from "./event.js";

/** A stored event whose payload is known to be P. */
export type TypedEvent<P> = Omit<StoredEvent, "payload"> & { payload: P };

export interface EventType<P extends object> {
  readonly aggregateType: string;
  readonly type: string;
  /** The new event of this type on aggregate `aggregateId`, owned by `resourceOwner`, by `actor`. */
  event(actor: Actor, aggregateId: string, resourceOwner: string, payload: P): NewEvent;
  /** Whether a stored event is of this type (and so carries P). */
  is(e: StoredEvent): e is StoredEvent & TypedEvent<P>;
}

export function eventType<P extends object>(aggregateType: string, type: string): EventType<P> {
  return {
    aggregateType,
    type,
    event: (actor, aggregateId, resourceOwner, payload) => ({
      instanceId: actor.instanceId,
      aggregateType,
      aggregateId,
      type,
      payload: payload as Record<string, unknown>,
      creator: actor.userId,
      resourceOwner,
      origin: actor.origin ?? "api",
    }),
    is: (e): e is StoredEvent & TypedEvent<P> => e.type === type,
  };
}

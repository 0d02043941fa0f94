// An event of the append-only log (DESIGN 4): what a command appends, and what the store gives
// back once it is stored with its position, sequence and time. Event types are declared once, with
// their payload, by `eventType` (store/event-type.ts); commands build events through them.

/** The surface a change came through; stored with each event (imported objects are marked "import"). */
export type Origin = "api" | "oidc" | "control" | "actions" | "seed" | "import";

/** Who acts: the instance the change is in, the user (or "SYSTEM"), and the surface it came through (default "api"). */
export interface Actor {
  instanceId: string;
  userId: string;
  origin?: Origin;
}

export interface NewEvent {
  instanceId: string;
  aggregateType: string;
  aggregateId: string;
  type: string;
  payload: Record<string, unknown>;
  creator: string;
  resourceOwner: string;
  /** Default "api". */
  origin?: Origin;
  /**
   * The aggregate's id was made for this event (a token): it is sequence 1 of a new aggregate, stored
   * without looking up the aggregate's last sequence. The unique index on the sequence still refuses
   * it if the id had events.
   */
  firstOfAggregate?: boolean;
}

export interface StoredEvent extends NewEvent {
  position: number;
  aggregateSequence: number;
  createdAt: string;
}

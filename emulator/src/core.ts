// What every command and query needs: the database, the event log, the clock and the id generator.

import type { Clock } from "./clock.js";
import type { IdGenerator } from "./ids.js";
import type { Database } from "./store/database.js";
import type { EventStore } from "./store/event-store.js";

export interface Core {
  db: Database;
  events: EventStore;
  clock: Clock;
  ids: IdGenerator;
}

/** Who acts: the instance the request is in and the authenticated user (or "SYSTEM"). */
export interface Actor {
  instanceId: string;
  userId: string;
}

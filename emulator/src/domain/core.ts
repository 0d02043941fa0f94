// What every command and query needs: the database, the event log, the clock and the id generator.

import type { Clock } from "../kernel/clock.js";
import type { IdGenerator } from "../kernel/ids.js";
import type { Database } from "../store/database.js";
import type { EventStore } from "../store/event-store.js";
import type { SigningKeys } from "./signing-key/signing-key.js";

export interface Core {
  db: Database;
  events: EventStore;
  clock: Clock;
  ids: IdGenerator;
  /** The OIDC provider's signing keys; set once the core exists (they are stored through it). */
  keys: SigningKeys;
}

export type { Actor, Origin } from "../store/event.js";

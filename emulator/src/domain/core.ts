// What every command and query needs: the database, the event log, the clock and the id generator.

import type { Clock } from "../kernel/clock.js";
import type { Emitter } from "../kernel/emitter.js";
import type { IdGenerator } from "../kernel/ids.js";
import type { Database } from "../store/database.js";
import type { EventStore } from "../store/event-store.js";
import type { SigningKeys } from "./signing-key/signing-key.js";
import type { PublicNames } from "./instance/public-names.js";

export interface Core {
  db: Database;
  events: EventStore;
  clock: Clock;
  ids: IdGenerator;
  /** The OIDC provider's signing keys (keys/key-ring.ts, made from the core's other parts: it stores keys through them). */
  keys: SigningKeys;
  /** What this emulator tells its subscribers besides committed events (the event store has those). */
  signals: Emitter<CoreSignals>;
  /** The public URL and the extra host names of the default instance (instance/public-names.ts). */
  names: PublicNames;
}

/** What the key ring needs of the core (everything but the keys): it is made before the core, whole, is. */
export type KeyRingCore = Omit<Core, "keys">;

/**
 * The signals' names and values. Empty here: the floor that raises a signal declares it by merging
 * into this interface (actions/calls.ts adds `targetCall`), so the domain needs no upward import.
 */
// biome-ignore lint/suspicious/noEmptyInterface: modules above the domain extend it by declaration merging
export interface CoreSignals {}

export type { Actor, Origin } from "../store/event.js";

/** A command's options for an object that keeps a given id (seed, import); without it a new id is drawn. */
export interface GivenId {
  id?: string;
}

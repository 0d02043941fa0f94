// Projections are `event type -> SQL` reducers (DESIGN 4), registered by each domain folder and run
// synchronously inside the transaction that appends the event.

import type { Database } from "./database.js";
import type { StoredEvent } from "./event.js";
import type { EventType, TypedEvent } from "./event-type.js";
import { alreadyExists } from "../kernel/errors.js";

/** SQLite's code for a row whose primary key is taken. */
const PRIMARY_KEY_TAKEN = "SQLITE_CONSTRAINT_PRIMARYKEY";

export type Reducer = (db: Database, event: StoredEvent) => void;

export class Projections {
  private reducers = new Map<string, Reducer[]>();
  private tableNames = new Set<string>();

  /** Declares the tables a projection fills (emptied on rebuild). */
  tables(...names: string[]): this {
    for (const t of names) this.tableNames.add(t);
    return this;
  }

  /** Every table a projection fills, in the order declared. */
  get declaredTables(): readonly string[] {
    return [...this.tableNames];
  }

  /** Registers a reducer for one declared event type, with its payload typed. */
  on<P extends object>(type: EventType<P>, reducer: (db: Database, event: TypedEvent<P>) => void): this {
    const list = this.reducers.get(type.type) ?? [];
    list.push(reducer as unknown as Reducer);
    this.reducers.set(type.type, list);
    return this;
  }

  reduce(db: Database, event: StoredEvent): void {
    try {
      for (const r of this.reducers.get(event.type) ?? []) r(db, event);
      db.changed(event.aggregateType);
    } catch (e) {
      // Commands check that an id is free in their instance; a row key taken all the same (a given id
      // of a kind no command checks, e.g. a key or token id given twice) is a conflict, not an internal error.
      if ((e as { code?: unknown }).code === PRIMARY_KEY_TAKEN)
        throw alreadyExists("STORE-id-taken", `The id ${event.aggregateId} is already used in this instance`);
      throw e;
    }
  }

  /** Empties every projection table and replays all events into them. */
  rebuild(db: Database, events: Iterable<StoredEvent>): void {
    db.transaction(() => {
      db.exec("PRAGMA defer_foreign_keys = ON");
      for (const t of [...this.tableNames].reverse()) db.exec(`DELETE FROM ${t}`);
      for (const e of events) this.reduce(db, e);
    });
  }
}

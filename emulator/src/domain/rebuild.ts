// The projections replayed from the event log into a fresh in-memory database: what the stored
// projection tables must equal when every command was applied whole (crash checks, diagnostics).
// Besides the events, only the store's own tables are copied: the sealing keys (a reducer may need
// them) and the meta values. Nothing of the source is changed.

import { Clock } from "../kernel/clock.js";
import { Database } from "../store/database.js";
import { EventStore } from "../store/event-store.js";
import { allProjections } from "./projections.js";
import { migrate } from "./schema.js";

/** Tables the events do not produce and a rebuild keeps as they are. */
const STORE_TABLES = ["events", "encryption_keys", "emulator_meta"];

export interface Replayed {
  db: Database;
  /** The projection tables, to compare with the source's. */
  tables: readonly string[];
}

export function replayProjections(source: Database): Replayed {
  const db = new Database(undefined);
  migrate(db);
  db.transaction(() => {
    for (const table of STORE_TABLES) {
      for (const row of source.stmt(`SELECT * FROM ${table}`).all() as Record<string, unknown>[]) {
        const cols = Object.keys(row);
        db.stmt(`INSERT INTO ${table} (${cols.join(", ")}) VALUES (${cols.map(() => "?").join(", ")})`).run(...Object.values(row));
      }
    }
  });
  const projections = allProjections();
  projections.rebuild(db, new EventStore(source, new Clock(), projections).list({}));
  return { db, tables: projections.declaredTables };
}

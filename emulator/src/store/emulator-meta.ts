// The emulator's own values kept in its database (`emulator_meta`: key → text), such as the adminPat
// of the seed, which a later start on the same data dir reports again. This module owns the table:
// its DDL (a step of version 1, the store's first) and every statement on it.

import type { Database } from "./database.js";
import type { SchemaStep } from "./migrations.js";

export const emulatorMetaTables: readonly SchemaStep[] = [
  {
    version: 1,
    sql: `
  CREATE TABLE emulator_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  },
];

/** The value stored under `key`, or undefined. */
export function metaValue(db: Database, key: string): string | undefined {
  return (db.stmt("SELECT value FROM emulator_meta WHERE key = ?").get(key) as { value: string } | undefined)?.value;
}

/** Stores `value` under `key`, replacing what was there. */
export function setMetaValue(db: Database, key: string, value: string): void {
  db.stmt("INSERT OR REPLACE INTO emulator_meta (key, value) VALUES (?, ?)").run(key, value);
}

// Every row of every table of an emulator's database, for "nothing changed" checks: two dumps are
// equal exactly when no table gained, lost or changed a row.

import type { Emulator } from "../../emulator/src/index.js";
import { internals } from "../../emulator/src/internal.js";

export function databaseDump(emu: Emulator): () => string {
  const { db } = internals(emu).core;
  return () => {
    const tables = db.stmt("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
    return JSON.stringify(tables.map((t) => [t.name, db.stmt(`SELECT * FROM "${t.name}" ORDER BY rowid`).all()]));
  };
}

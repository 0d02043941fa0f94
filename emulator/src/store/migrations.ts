// The schema migration runner. The tables are declared beside their owners (store/tables.ts and
// store/emulator-meta.ts for the store's own, domain/<aggregate>/tables.ts for each aggregate,
// records/ for rows written outside the event path) as numbered steps; domain/schema.ts gives them in order. Every step of one version runs
// in one transaction, in the order given, and the database's user_version records the last version
// applied. Never edit an applied step: add a step with the next version (a version's SQL may move
// between owners when a table changes owner, as long as the version runs the same statements).

import { type Database, DataFileError } from "./database.js";

/** Part of one schema version: the SQL it runs on one owner's tables. */
export interface SchemaStep {
  readonly version: number;
  readonly sql: string;
}

/**
 * The SQL of each version, in order (index 0 is version 1). A version without any step is a
 * mistake in the declarations (a data dir would skip it silently), so it throws.
 */
export function versionsOf(steps: readonly SchemaStep[]): string[][] {
  const versions: string[][] = [];
  for (const step of steps) {
    if (!Number.isInteger(step.version) || step.version < 1) throw new Error(`schema step with version ${step.version}`);
    (versions[step.version - 1] ??= []).push(step.sql);
  }
  for (let i = 0; i < versions.length; i++) {
    if (!versions[i]) throw new Error(`schema version ${i + 1} has no step`);
  }
  return versions;
}

/** Brings the database from its user_version to the last version of `steps`; a newer database is refused, untouched. */
export function migrate(db: Database, steps: readonly SchemaStep[]): void {
  const versions = versionsOf(steps);
  if (db.userVersion > versions.length)
    throw new DataFileError(`the database has schema version ${db.userVersion}, written by a newer svc-emulator (this one knows up to ${versions.length})`);
  if (db.userVersion === versions.length) return;
  // Foreign keys are off while steps run (a step may rebuild a table others reference: dropping it
  // with them on would cascade into its children), and checked whole before each version commits.
  db.exec("PRAGMA foreign_keys = OFF");
  try {
    for (let v = db.userVersion; v < versions.length; v++) {
      db.transaction(() => {
        for (const sql of versions[v]!) db.exec(sql);
        const broken = db.stmt("PRAGMA foreign_key_check").all() as { table: string; parent: string }[];
        if (broken.length)
          throw new DataFileError(`schema version ${v + 1} leaves ${broken.length} row(s) of ${broken[0]!.table} without their ${broken[0]!.parent}`);
        db.userVersion = v + 1;
      });
    }
  } finally {
    db.exec("PRAGMA foreign_keys = ON");
  }
}

/**
 * The SQL that rebuilds table `name` with a new definition (keys, constraints) and the same rows:
 * `select` gives the new table's columns, in order, from the old table (aliased `old`). Its indexes
 * go with the old table: give them again after.
 */
export function rebuildTable(name: string, definition: string, select = "*"): string {
  return `
  CREATE TABLE ${name}_next (${definition});
  INSERT INTO ${name}_next SELECT ${select} FROM ${name} AS old;
  DROP TABLE ${name};
  ALTER TABLE ${name}_next RENAME TO ${name};
  `;
}

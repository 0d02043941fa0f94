// The execution projection's table: which targets run on which condition.
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import type { SchemaStep } from "../../store/migrations.js";

export const executionTables: readonly SchemaStep[] = [
  // 1: the event log and the projections of the core
  {
    version: 1,
    sql: `
  CREATE TABLE executions (
    instance_id TEXT NOT NULL,
    id TEXT NOT NULL,
    execution_type INTEGER NOT NULL,
    condition TEXT NOT NULL,
    targets TEXT NOT NULL,
    includes TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (instance_id, id)
  );
  `,
  },
];

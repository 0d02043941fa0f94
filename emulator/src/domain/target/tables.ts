// The target projection's table. The rows of what calling targets did (not events: a call is a side
// effect of events) are declared by their owners: records/target-calls.ts and records/sinks.ts.
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import { rebuildTable, type SchemaStep } from "../../store/migrations.js";

export const targetTables: readonly SchemaStep[] = [
  // 1: the event log and the projections of the core
  {
    version: 1,
    sql: `
  CREATE TABLE targets (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    name TEXT NOT NULL,
    target_type TEXT NOT NULL,
    url TEXT NOT NULL,
    timeout_ms INTEGER NOT NULL,
    is_async INTEGER NOT NULL,
    interrupt_on_error INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    UNIQUE (instance_id, name)
  );
  CREATE INDEX targets_by_instance ON targets (instance_id, created_at);
  `,
  },
  // 12: actions that run: targets' signing keys (and, in records/, the record of every target call and the sink's rows)
  {
    version: 12,
    sql: `
  ALTER TABLE targets ADD COLUMN signing_key TEXT NOT NULL DEFAULT '';
  `,
  },
  // 19: keyed by (instance, id): ids given by an import or a fixture may repeat across instances (issue 26)
  {
    version: 19,
    sql: `
  ${rebuildTable(
    "targets",
    `
    id TEXT NOT NULL,
    instance_id TEXT NOT NULL,
    name TEXT NOT NULL,
    target_type TEXT NOT NULL,
    url TEXT NOT NULL,
    timeout_ms INTEGER NOT NULL,
    is_async INTEGER NOT NULL,
    interrupt_on_error INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    signing_key TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (instance_id, id),
    UNIQUE (instance_id, name)`,
  )}
  CREATE INDEX targets_by_instance ON targets (instance_id, created_at);
  `,
  },
];

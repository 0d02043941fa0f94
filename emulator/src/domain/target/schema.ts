// The target projection's table, and the rows of what calling targets did (not events: a call is a
// side effect of events): the record of every target call (actions/calls.ts) and the built-in
// sink's configuration and received calls (actions/sink.ts).
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import { rebuildTable, type SchemaStep } from "../../store/migrations.js";

export const targetSchema: readonly SchemaStep[] = [
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
  // 12: actions that run: targets' signing keys and the record of every target call
  {
    version: 12,
    sql: `
  ALTER TABLE targets ADD COLUMN signing_key TEXT NOT NULL DEFAULT '';
  CREATE TABLE target_calls (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    execution_id TEXT NOT NULL,
    target_id TEXT NOT NULL,
    url TEXT NOT NULL,
    payload TEXT NOT NULL,
    headers TEXT NOT NULL,
    status INTEGER,
    response TEXT,
    duration_ms INTEGER NOT NULL,
    error TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX target_calls_by_instance ON target_calls (instance_id, created_at);
  CREATE TABLE sinks (
    name TEXT PRIMARY KEY,
    status INTEGER NOT NULL,
    body TEXT NOT NULL
  );
  CREATE TABLE sink_calls (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    headers TEXT NOT NULL,
    body TEXT NOT NULL,
    signature_valid INTEGER NOT NULL,
    created_at TEXT NOT NULL
  );
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

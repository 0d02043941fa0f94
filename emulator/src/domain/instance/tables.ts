// The instance projection's tables: instances (default org, limits) and their domains.
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import type { SchemaStep } from "../../store/migrations.js";

export const instanceTables: readonly SchemaStep[] = [
  // 1: the event log and the projections of the core
  {
    version: 1,
    sql: `
  CREATE TABLE instances (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    is_default INTEGER NOT NULL DEFAULT 0,
    features TEXT NOT NULL DEFAULT '{}',
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL
  );
  CREATE TABLE instance_domains (
    domain TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL REFERENCES instances (id) ON DELETE CASCADE,
    is_primary INTEGER NOT NULL DEFAULT 0
  );
  `,
  },
  // 3: the instance's default org
  {
    version: 3,
    sql: `
  ALTER TABLE instances ADD COLUMN default_org_id TEXT;
  `,
  },
  // 7: instance limits (SvcInstances Limit)
  {
    version: 7,
    sql: `
  ALTER TABLE instances ADD COLUMN blocked INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE instances ADD COLUMN audit_log_retention_ms INTEGER;
  `,
  },
];

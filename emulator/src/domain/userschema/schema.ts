// The user schema projection's table (SvcUserSchemas).
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import type { SchemaStep } from "../../store/migrations.js";

export const userschemaSchema: readonly SchemaStep[] = [
  // 11: user schemas (SvcUserSchemas)
  {
    version: 11,
    sql: `
  CREATE TABLE user_schemas (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    type TEXT NOT NULL,
    schema TEXT NOT NULL,
    authenticators TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('active', 'inactive')),
    revision INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    UNIQUE (instance_id, type)
  );
  `,
  },
];

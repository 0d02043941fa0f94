// The user schema projection's table (SvcUserSchemas).
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import { rebuildTable, type SchemaStep } from "../../store/migrations.js";

export const userschemaTables: readonly SchemaStep[] = [
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
  // 19: keyed by (instance, id): ids given by an import or a fixture may repeat across instances (issue 26)
  {
    version: 19,
    sql: `
  ${rebuildTable(
    "user_schemas",
    `
    id TEXT NOT NULL,
    instance_id TEXT NOT NULL,
    type TEXT NOT NULL,
    schema TEXT NOT NULL,
    authenticators TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('active', 'inactive')),
    revision INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (instance_id, id),
    UNIQUE (instance_id, type)`,
  )}
  `,
  },
];

// The settings projection's table: what each context set, property by property.
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import type { SchemaStep } from "../../store/migrations.js";

export const settingsSchema: readonly SchemaStep[] = [
  // 4: settings: what each context set, property by property
  {
    version: 4,
    sql: `
  CREATE TABLE settings (
    context_type TEXT NOT NULL CHECK (context_type IN ('system', 'instance', 'org')),
    context_id TEXT NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    PRIMARY KEY (context_type, context_id, name)
  );
  `,
  },
];

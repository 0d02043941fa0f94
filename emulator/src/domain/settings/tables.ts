// The settings projection's table: what each context set, property by property.
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import { rebuildTable, type SchemaStep } from "../../store/migrations.js";

export const settingsTables: readonly SchemaStep[] = [
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
  // 19: keyed by (instance, id): ids given by an import or a fixture may repeat across instances (issue 26)
  {
    version: 19,
    sql: `
  ${rebuildTable(
    "settings",
    `
    context_type TEXT NOT NULL CHECK (context_type IN ('system', 'instance', 'org')),
    context_id TEXT NOT NULL,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    instance_id TEXT NOT NULL,
    PRIMARY KEY (instance_id, context_type, context_id, name)`,
    `old.*, CASE old.context_type WHEN 'system' THEN 'SYSTEM' WHEN 'instance' THEN old.context_id
       ELSE COALESCE((SELECT o.instance_id FROM orgs o WHERE o.id = old.context_id), 'SYSTEM') END`,
  )}
  `,
  },
];

// The user grant projection's table: a user's roles in a project.
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import { rebuildTable, type SchemaStep } from "../../store/migrations.js";

export const userGrantTables: readonly SchemaStep[] = [
  // 2: the identity model of the OpenID Connect provider
  {
    version: 2,
    sql: `
  CREATE TABLE user_grants (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    org_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    roles TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    UNIQUE (user_id, project_id)
  );
  `,
  },
  // 19: keyed by (instance, id): ids given by an import or a fixture may repeat across instances (issue 26)
  {
    version: 19,
    sql: `
  ${rebuildTable(
    "user_grants",
    `
    id TEXT NOT NULL,
    instance_id TEXT NOT NULL,
    org_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    project_id TEXT NOT NULL,
    roles TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (instance_id, id),
    UNIQUE (instance_id, user_id, project_id),
    FOREIGN KEY (instance_id, user_id) REFERENCES users (instance_id, id) ON DELETE CASCADE,
    FOREIGN KEY (instance_id, project_id) REFERENCES projects (instance_id, id) ON DELETE CASCADE`,
  )}
  `,
  },
];

// The membership projection's table: roles a user holds in a context (system, instance, org,
// project, project grant).
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import { rebuildTable, type SchemaStep } from "../../store/migrations.js";

export const membershipTables: readonly SchemaStep[] = [
  // 1: the event log and the projections of the core
  {
    version: 1,
    sql: `
  CREATE TABLE memberships (
    instance_id TEXT NOT NULL,
    context_type TEXT NOT NULL CHECK (context_type IN ('system', 'instance', 'org')),
    context_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    roles TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (context_type, context_id, user_id)
  );
  `,
  },
  // 15: memberships in projects and project grants (roles held below an org)
  {
    version: 15,
    sql: `
  CREATE TABLE memberships_next (
    instance_id TEXT NOT NULL,
    context_type TEXT NOT NULL CHECK (context_type IN ('system', 'instance', 'org', 'project', 'project_grant')),
    context_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    roles TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (context_type, context_id, user_id)
  );
  INSERT INTO memberships_next SELECT instance_id, context_type, context_id, user_id, roles, created_at, changed_at, sequence FROM memberships;
  DROP TABLE memberships;
  ALTER TABLE memberships_next RENAME TO memberships;
  `,
  },
  // 19: keyed by (instance, id): ids given by an import or a fixture may repeat across instances (issue 26)
  {
    version: 19,
    sql: `
  ${rebuildTable(
    "memberships",
    `
    instance_id TEXT NOT NULL,
    context_type TEXT NOT NULL CHECK (context_type IN ('system', 'instance', 'org', 'project', 'project_grant')),
    context_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    roles TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (instance_id, context_type, context_id, user_id),
    FOREIGN KEY (instance_id, user_id) REFERENCES users (instance_id, id) ON DELETE CASCADE`,
  )}
  `,
  },
];

// The project projection's tables: projects, their roles and their grants to other orgs.
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import { rebuildTable, type SchemaStep } from "../../store/migrations.js";

export const projectTables: readonly SchemaStep[] = [
  // 2: the identity model of the OpenID Connect provider
  {
    version: 2,
    sql: `
  CREATE TABLE projects (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    role_assertion INTEGER NOT NULL DEFAULT 0,
    role_check INTEGER NOT NULL DEFAULT 0,
    has_project_check INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL
  );
  CREATE TABLE project_roles (
    project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    display_name TEXT NOT NULL,
    role_group TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (project_id, key)
  );
  `,
  },
  // 10: project grants (SvcGrants)
  {
    version: 10,
    sql: `
  CREATE TABLE project_grants (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    granted_org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    roles TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    UNIQUE (project_id, granted_org_id)
  );
  `,
  },
  // 19: keyed by (instance, id): ids given by an import or a fixture may repeat across instances (issue 26)
  {
    version: 19,
    sql: `
  ${rebuildTable(
    "projects",
    `
    id TEXT NOT NULL,
    instance_id TEXT NOT NULL,
    org_id TEXT NOT NULL,
    name TEXT NOT NULL,
    role_assertion INTEGER NOT NULL DEFAULT 0,
    role_check INTEGER NOT NULL DEFAULT 0,
    has_project_check INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (instance_id, id),
    FOREIGN KEY (instance_id, org_id) REFERENCES orgs (instance_id, id) ON DELETE CASCADE`,
  )}
  ${rebuildTable(
    "project_roles",
    `
    project_id TEXT NOT NULL,
    key TEXT NOT NULL,
    display_name TEXT NOT NULL,
    role_group TEXT NOT NULL DEFAULT '',
    instance_id TEXT NOT NULL,
    PRIMARY KEY (instance_id, project_id, key),
    FOREIGN KEY (instance_id, project_id) REFERENCES projects (instance_id, id) ON DELETE CASCADE`,
    "old.*, (SELECT p.instance_id FROM projects p WHERE p.id = old.project_id)",
  )}
  ${rebuildTable(
    "project_grants",
    `
    id TEXT NOT NULL,
    instance_id TEXT NOT NULL,
    project_id TEXT NOT NULL,
    granted_org_id TEXT NOT NULL,
    roles TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (instance_id, id),
    UNIQUE (instance_id, project_id, granted_org_id),
    FOREIGN KEY (instance_id, project_id) REFERENCES projects (instance_id, id) ON DELETE CASCADE,
    FOREIGN KEY (instance_id, granted_org_id) REFERENCES orgs (instance_id, id) ON DELETE CASCADE`,
  )}
  `,
  },
];

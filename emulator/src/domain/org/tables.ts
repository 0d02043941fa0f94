// The org projection's tables: orgs and their domains (SvcDomains).
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import { rebuildTable, type SchemaStep } from "../../store/migrations.js";

export const orgTables: readonly SchemaStep[] = [
  // 1: the event log and the projections of the core
  {
    version: 1,
    sql: `
  CREATE TABLE orgs (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL REFERENCES instances (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL
  );
  `,
  },
  // 8: org domains (SvcDomains); an org's primary domain names its users
  {
    version: 8,
    sql: `
  CREATE TABLE org_domains (
    instance_id TEXT NOT NULL,
    domain TEXT NOT NULL,
    org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    is_verified INTEGER NOT NULL DEFAULT 0,
    is_primary INTEGER NOT NULL DEFAULT 0,
    validation_type INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (instance_id, domain)
  );
  CREATE INDEX org_domains_by_org ON org_domains (org_id);
  `,
  },
  // 17: org state (SvcOrganizations DeactivateOrganization / ReactivateOrganization)
  {
    version: 17,
    sql: `
  ALTER TABLE orgs ADD COLUMN active INTEGER NOT NULL DEFAULT 1;
  `,
  },
  // 19: keyed by (instance, id): ids given by an import or a fixture may repeat across instances (issue 26)
  {
    version: 19,
    sql: `
  ${rebuildTable(
    "orgs",
    `
    id TEXT NOT NULL,
    instance_id TEXT NOT NULL REFERENCES instances (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    active INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (instance_id, id)`,
  )}
  ${rebuildTable(
    "org_domains",
    `
    instance_id TEXT NOT NULL,
    domain TEXT NOT NULL,
    org_id TEXT NOT NULL,
    is_verified INTEGER NOT NULL DEFAULT 0,
    is_primary INTEGER NOT NULL DEFAULT 0,
    validation_type INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (instance_id, domain),
    FOREIGN KEY (instance_id, org_id) REFERENCES orgs (instance_id, id) ON DELETE CASCADE`,
  )}
  CREATE INDEX org_domains_by_org ON org_domains (instance_id, org_id);
  `,
  },
];

// The IDP projection's tables: identity providers owned by a context, and the state policies of
// child contexts.
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import { rebuildTable, type SchemaStep } from "../../store/migrations.js";

export const idpTables: readonly SchemaStep[] = [
  // 5: identity providers, reusable: owned by a context, with state policies of child contexts
  {
    version: 5,
    sql: `
  CREATE TABLE idps (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    owner_type TEXT NOT NULL CHECK (owner_type IN ('system', 'instance', 'org')),
    owner_id TEXT NOT NULL,
    name TEXT NOT NULL,
    provider_type TEXT NOT NULL,
    config TEXT NOT NULL,
    options TEXT NOT NULL,
    own_state TEXT NOT NULL CHECK (own_state IN ('active', 'inactive')),
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL
  );
  CREATE TABLE idp_state_policies (
    idp_id TEXT NOT NULL REFERENCES idps (id) ON DELETE CASCADE,
    context_type TEXT NOT NULL,
    context_id TEXT NOT NULL,
    policy TEXT NOT NULL CHECK (policy IN ('activate', 'deactivate')),
    PRIMARY KEY (idp_id, context_type, context_id)
  );
  `,
  },
  // 6: paging IDP searches by creation date or name without sorting the whole scope
  {
    version: 6,
    sql: `
  CREATE INDEX idps_by_instance_created ON idps (instance_id, created_at, id);
  CREATE INDEX idps_by_instance_name ON idps (instance_id, name, id);
  `,
  },
  // 19: keyed by (instance, id): ids given by an import or a fixture may repeat across instances (issue 26)
  {
    version: 19,
    sql: `
  ${rebuildTable(
    "idps",
    `
    id TEXT NOT NULL,
    instance_id TEXT NOT NULL,
    owner_type TEXT NOT NULL CHECK (owner_type IN ('system', 'instance', 'org')),
    owner_id TEXT NOT NULL,
    name TEXT NOT NULL,
    provider_type TEXT NOT NULL,
    config TEXT NOT NULL,
    options TEXT NOT NULL,
    own_state TEXT NOT NULL CHECK (own_state IN ('active', 'inactive')),
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (instance_id, id)`,
  )}
  CREATE INDEX idps_by_instance_created ON idps (instance_id, created_at, id);
  CREATE INDEX idps_by_instance_name ON idps (instance_id, name, id);
  ${rebuildTable(
    "idp_state_policies",
    `
    idp_id TEXT NOT NULL,
    context_type TEXT NOT NULL,
    context_id TEXT NOT NULL,
    policy TEXT NOT NULL CHECK (policy IN ('activate', 'deactivate')),
    instance_id TEXT NOT NULL,
    PRIMARY KEY (instance_id, idp_id, context_type, context_id),
    FOREIGN KEY (instance_id, idp_id) REFERENCES idps (instance_id, id) ON DELETE CASCADE`,
    "old.*, (SELECT i.instance_id FROM idps i WHERE i.id = old.idp_id)",
  )}
  `,
  },
];

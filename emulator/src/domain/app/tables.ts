// The app projection's tables: OIDC and API apps and the public keys of their app keys.
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import { rebuildTable, type SchemaStep } from "../../store/migrations.js";

export const appTables: readonly SchemaStep[] = [
  // 2: the identity model of the OpenID Connect provider
  {
    version: 2,
    sql: `
  CREATE TABLE apps (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('oidc', 'api')),
    client_id TEXT NOT NULL,
    client_secret_hash TEXT,
    config TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    UNIQUE (instance_id, client_id)
  );
  CREATE TABLE app_keys (
    id TEXT PRIMARY KEY,
    app_id TEXT NOT NULL REFERENCES apps (id) ON DELETE CASCADE,
    public_jwk TEXT NOT NULL,
    expires_at TEXT
  );
  `,
  },
  // 19: keyed by (instance, id): ids given by an import or a fixture may repeat across instances (issue 26)
  {
    version: 19,
    sql: `
  ${rebuildTable(
    "apps",
    `
    id TEXT NOT NULL,
    instance_id TEXT NOT NULL,
    project_id TEXT NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('oidc', 'api')),
    client_id TEXT NOT NULL,
    client_secret_hash TEXT,
    config TEXT NOT NULL,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (instance_id, id),
    UNIQUE (instance_id, client_id),
    FOREIGN KEY (instance_id, project_id) REFERENCES projects (instance_id, id) ON DELETE CASCADE`,
  )}
  ${rebuildTable(
    "app_keys",
    `
    id TEXT NOT NULL,
    app_id TEXT NOT NULL,
    public_jwk TEXT NOT NULL,
    expires_at TEXT,
    instance_id TEXT NOT NULL,
    PRIMARY KEY (instance_id, id),
    FOREIGN KEY (instance_id, app_id) REFERENCES apps (instance_id, id) ON DELETE CASCADE`,
    "old.*, (SELECT a.instance_id FROM apps a WHERE a.id = old.app_id)",
  )}
  `,
  },
];

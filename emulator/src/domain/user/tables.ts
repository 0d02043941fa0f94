// The user projection's tables: humans and machines, their personal access tokens and machine keys.
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import { rebuildTable, type SchemaStep } from "../../store/migrations.js";

export const userTables: readonly SchemaStep[] = [
  // 1: the event log and the projections of the core
  {
    version: 1,
    sql: `
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    org_id TEXT NOT NULL REFERENCES orgs (id) ON DELETE CASCADE,
    type TEXT NOT NULL CHECK (type IN ('human', 'machine')),
    username TEXT NOT NULL,
    data TEXT NOT NULL DEFAULT '{}',
    password_hash TEXT,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    UNIQUE (instance_id, username)
  );
  CREATE TABLE personal_access_tokens (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token TEXT NOT NULL UNIQUE,
    expires_at TEXT,
    created_at TEXT NOT NULL
  );
  `,
  },
  // 2: the identity model of the OpenID Connect provider
  {
    version: 2,
    sql: `
  CREATE TABLE machine_keys (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
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
    "users",
    `
    id TEXT NOT NULL,
    instance_id TEXT NOT NULL,
    org_id TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('human', 'machine')),
    username TEXT NOT NULL,
    data TEXT NOT NULL DEFAULT '{}',
    password_hash TEXT,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (instance_id, id),
    UNIQUE (instance_id, username),
    FOREIGN KEY (instance_id, org_id) REFERENCES orgs (instance_id, id) ON DELETE CASCADE`,
  )}
  ${rebuildTable(
    "personal_access_tokens",
    `
    id TEXT NOT NULL,
    instance_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    token TEXT NOT NULL,
    expires_at TEXT,
    created_at TEXT NOT NULL,
    PRIMARY KEY (instance_id, id),
    UNIQUE (instance_id, token),
    FOREIGN KEY (instance_id, user_id) REFERENCES users (instance_id, id) ON DELETE CASCADE`,
  )}
  CREATE INDEX personal_access_tokens_by_token ON personal_access_tokens (token);
  ${rebuildTable(
    "machine_keys",
    `
    id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    public_jwk TEXT NOT NULL,
    expires_at TEXT,
    instance_id TEXT NOT NULL,
    PRIMARY KEY (instance_id, id),
    FOREIGN KEY (instance_id, user_id) REFERENCES users (instance_id, id) ON DELETE CASCADE`,
    "old.*, (SELECT u.instance_id FROM users u WHERE u.id = old.user_id)",
  )}
  `,
  },
];

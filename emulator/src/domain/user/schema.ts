// The user projection's tables: humans and machines, their personal access tokens and machine keys.
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import type { SchemaStep } from "../../store/migrations.js";

export const userSchema: readonly SchemaStep[] = [
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
];

// The token aggregate's table: access and refresh tokens, named in events by a public token id.
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import type { SchemaStep } from "../../store/migrations.js";

export const tokenTables: readonly SchemaStep[] = [
  // 2: the identity model of the OpenID Connect provider
  {
    version: 2,
    sql: `
  CREATE TABLE tokens (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
    client_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    session_id TEXT,
    auth_request_id TEXT,
    refresh_token_id TEXT,
    scope TEXT NOT NULL,
    audience TEXT NOT NULL,
    format TEXT NOT NULL,
    auth_time TEXT,
    amr TEXT,
    expires_at TEXT NOT NULL,
    revoked_at TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX tokens_by_refresh ON tokens (refresh_token_id);
  CREATE INDEX tokens_by_session ON tokens (session_id);
  CREATE INDEX tokens_by_auth_request ON tokens (auth_request_id);
  `,
  },
  // 14: token events name a token by a public id, not by its value
  {
    version: 14,
    sql: `
  ALTER TABLE tokens ADD COLUMN token_id TEXT;
  CREATE INDEX tokens_by_token_id ON tokens (token_id);
  `,
  },
  // 18: the grant's indexes hold only tokens that have the column (a client_credentials token has none
  // of them, so it adds no entry to any of the three); lookups by a value (col = ?) still use them
  {
    version: 18,
    sql: `
  DROP INDEX tokens_by_refresh;
  DROP INDEX tokens_by_session;
  DROP INDEX tokens_by_auth_request;
  CREATE INDEX tokens_by_refresh ON tokens (refresh_token_id) WHERE refresh_token_id IS NOT NULL;
  CREATE INDEX tokens_by_session ON tokens (session_id) WHERE session_id IS NOT NULL;
  CREATE INDEX tokens_by_auth_request ON tokens (auth_request_id) WHERE auth_request_id IS NOT NULL;
  `,
  },
  // 19: an instance's tokens found without a scan (a per-instance reset deletes them, issue 26)
  {
    version: 19,
    sql: `
  CREATE INDEX tokens_by_instance ON tokens (instance_id, created_at);
  `,
  },
];

// The auth request aggregate's table: an authorization request from /authorize to its code.
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import type { SchemaStep } from "../../store/migrations.js";

export const authRequestTables: readonly SchemaStep[] = [
  // 2: the identity model of the OpenID Connect provider
  {
    version: 2,
    sql: `
  CREATE TABLE auth_requests (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    client_id TEXT NOT NULL,
    request TEXT NOT NULL,
    session_id TEXT,
    code TEXT UNIQUE,
    code_expires_at TEXT,
    code_used INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  );
  `,
  },
  // 19: an instance's requests found without a scan (a per-instance reset deletes them, issue 26)
  {
    version: 19,
    sql: `
  CREATE INDEX auth_requests_by_instance ON auth_requests (instance_id);
  `,
  },
];

// The device authorization aggregate's table (RFC 8628): between the device authorization and
// token endpoints.
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import type { SchemaStep } from "../../store/migrations.js";

export const deviceAuthorizationTables: readonly SchemaStep[] = [
  // 13: device authorizations (RFC 8628) between the device authorization and token endpoints
  {
    version: 13,
    sql: `
  CREATE TABLE device_authorizations (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    client_id TEXT NOT NULL,
    device_code TEXT NOT NULL UNIQUE,
    user_code TEXT NOT NULL,
    scope TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    interval_s INTEGER NOT NULL,
    last_polled_at TEXT,
    state TEXT NOT NULL CHECK (state IN ('pending', 'approved', 'denied', 'done')),
    user_id TEXT,
    session_id TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (instance_id, user_code)
  );
  `,
  },
];

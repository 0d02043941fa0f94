// The login session aggregate's table: a user's session in a browser (user agent).
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import { rebuildTable, type SchemaStep } from "../../store/migrations.js";

export const loginSessionTables: readonly SchemaStep[] = [
  // 2: the identity model of the OpenID Connect provider
  {
    version: 2,
    sql: `
  CREATE TABLE login_sessions (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    user_agent_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    auth_time TEXT NOT NULL,
    amr TEXT NOT NULL,
    terminated_at TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX login_sessions_by_agent ON login_sessions (user_agent_id);
  `,
  },
  // 19: keyed by (instance, id): ids given by an import or a fixture may repeat across instances (issue 26)
  {
    version: 19,
    sql: `
  ${rebuildTable(
    "login_sessions",
    `
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    user_agent_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    auth_time TEXT NOT NULL,
    amr TEXT NOT NULL,
    terminated_at TEXT,
    created_at TEXT NOT NULL,
    FOREIGN KEY (instance_id, user_id) REFERENCES users (instance_id, id) ON DELETE CASCADE`,
  )}
  CREATE INDEX login_sessions_by_agent ON login_sessions (user_agent_id);
  `,
  },
];

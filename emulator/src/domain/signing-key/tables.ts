// The signing key aggregate's table: the instance's keys that sign tokens.
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import type { SchemaStep } from "../../store/migrations.js";

export const signingKeyTables: readonly SchemaStep[] = [
  // 2: the identity model of the OpenID Connect provider
  {
    version: 2,
    sql: `
  CREATE TABLE signing_keys (
    kid TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    private_jwk TEXT NOT NULL,
    public_jwk TEXT NOT NULL,
    created_at TEXT NOT NULL,
    sign_until TEXT NOT NULL,
    publish_until TEXT NOT NULL
  );
  `,
  },
];

// The provider projection's table (SMTP and SMS providers). The outbox of every message the emulator
// sends through them is rows, not events, declared by their owner (records/outbox.ts).
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import { rebuildTable, type SchemaStep } from "../../store/migrations.js";

export const providerTables: readonly SchemaStep[] = [
  // 9: SMTP and SMS providers (and, in records/outbox.ts, the outbox)
  {
    version: 9,
    sql: `
  CREATE TABLE message_providers (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    channel TEXT NOT NULL CHECK (channel IN ('smtp', 'sms')),
    config TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL
  );
  `,
  },
  // 19: keyed by (instance, id): ids given by an import or a fixture may repeat across instances (issue 26)
  {
    version: 19,
    sql: `
  ${rebuildTable(
    "message_providers",
    `
    id TEXT NOT NULL,
    instance_id TEXT NOT NULL,
    channel TEXT NOT NULL CHECK (channel IN ('smtp', 'sms')),
    config TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    changed_at TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    PRIMARY KEY (instance_id, id)`,
  )}
  `,
  },
];

// The provider projection's table (SMTP and SMS providers), and the outbox of every message the
// emulator sends through them (rows, not events: notification/outbox.ts).
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import { rebuildTable, type SchemaStep } from "../../store/migrations.js";

export const providerSchema: readonly SchemaStep[] = [
  // 9: SMTP and SMS providers, and the outbox of every message the emulator sends
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
  CREATE TABLE outbox (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    provider_id TEXT,
    status TEXT NOT NULL CHECK (status IN ('outboxed', 'sending', 'sent', 'failed')),
    error TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX outbox_by_instance ON outbox (instance_id, created_at);
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

// The store's own tables: the event log (with the surface each event came through) and the key that
// seals secrets inside event payloads (store/sealed.ts); the emulator's meta values are
// store/emulator-meta.ts's. The key is
// not a projection, so a rebuild from the events can still open them.
// Steps run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step.

import type { SchemaStep } from "./migrations.js";

export const storeTables: readonly SchemaStep[] = [
  // 1: the event log and the projections of the core
  {
    version: 1,
    sql: `
  CREATE TABLE events (
    position INTEGER PRIMARY KEY AUTOINCREMENT,
    instance_id TEXT NOT NULL,
    aggregate_type TEXT NOT NULL,
    aggregate_id TEXT NOT NULL,
    aggregate_sequence INTEGER NOT NULL,
    type TEXT NOT NULL,
    payload TEXT NOT NULL,
    creator TEXT NOT NULL,
    resource_owner TEXT NOT NULL,
    created_at TEXT NOT NULL,
    UNIQUE (instance_id, aggregate_type, aggregate_id, aggregate_sequence)
  );
  CREATE INDEX events_by_instance ON events (instance_id, position);
  CREATE INDEX events_by_type ON events (type, position);
  `,
  },
  // 14: the key that seals secrets inside event payloads (store/sealed.ts)
  {
    version: 14,
    sql: `
  CREATE TABLE encryption_keys (
    id TEXT PRIMARY KEY,
    key BLOB NOT NULL
  );
  `,
  },
  // 16: the surface each event came through (api, oidc, control, actions, seed, import)
  {
    version: 16,
    sql: `
  ALTER TABLE events ADD COLUMN origin TEXT NOT NULL DEFAULT 'api';
  `,
  },
];

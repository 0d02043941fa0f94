// The outbox: every email and text message the emulator sends, with what became of it. Rows, not
// events: a delivery is a side effect of events, like a target call. This module owns the table and
// all of its SQL; notification/notifier.ts writes it, control/outbox-routes.ts reads and clears it.

import type { Database } from "../store/database.js";
import type { SchemaStep } from "../store/migrations.js";

/** The table's schema steps, run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step. */
export const outboxTables: readonly SchemaStep[] = [
  // 9: the outbox of every message the emulator sends
  {
    version: 9,
    sql: `
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
];

export interface OutboxMessage {
  id: string;
  instanceId: string;
  channel: "email" | "sms";
  recipient: string;
  subject: string;
  body: string;
  providerId: string | null;
  status: "outboxed" | "sending" | "sent" | "failed";
  error: string | null;
  createdAt: string;
}

export function addMessage(db: Database, m: OutboxMessage): void {
  db.stmt(
    "INSERT INTO outbox (id, instance_id, channel, recipient, subject, body, provider_id, status, error, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(m.id, m.instanceId, m.channel, m.recipient, m.subject, m.body, m.providerId, m.status, m.error, m.createdAt);
}

export function setMessageStatus(db: Database, id: string, status: OutboxMessage["status"], error: string | null): void {
  db.stmt("UPDATE outbox SET status = ?, error = ? WHERE id = ?").run(status, error, id);
}

export function listMessages(db: Database, filter: { instanceId?: string; channel?: string; recipient?: string }): OutboxMessage[] {
  const where = ["1"];
  const args: unknown[] = [];
  if (filter.instanceId) where.push("instance_id = ?"), args.push(filter.instanceId);
  if (filter.channel) where.push("channel = ?"), args.push(filter.channel);
  if (filter.recipient) where.push("recipient = ?"), args.push(filter.recipient);
  const rows = db.stmt(`SELECT * FROM outbox WHERE ${where.join(" AND ")} ORDER BY created_at, id`).all(...args) as Record<string, string | null>[];
  return rows.map((r) => ({
    id: r.id!,
    instanceId: r.instance_id!,
    channel: r.channel as OutboxMessage["channel"],
    recipient: r.recipient!,
    subject: r.subject!,
    body: r.body!,
    providerId: r.provider_id ?? null,
    status: r.status as OutboxMessage["status"],
    error: r.error ?? null,
    createdAt: r.created_at!,
  }));
}

export function clearMessages(db: Database): number {
  return db.stmt("DELETE FROM outbox").run().changes;
}

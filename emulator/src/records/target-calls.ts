// The record of every target call (issue 5 "Visible"): execution, target, payload, headers, status,
// response, duration, error. Rows written as calls happen, not events (a call is a side effect of
// events, and replaying the events calls nothing): this module owns the table and all of its SQL.
// actions/calls.ts records a call through it and tells the emulator's `targetCall` listeners.

import type { Database } from "../store/database.js";
import type { SchemaStep } from "../store/migrations.js";

/** The table's schema steps, run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step. */
export const targetCallTables: readonly SchemaStep[] = [
  // 12: actions that run: the record of every target call
  {
    version: 12,
    sql: `
  CREATE TABLE target_calls (
    id TEXT PRIMARY KEY,
    instance_id TEXT NOT NULL,
    execution_id TEXT NOT NULL,
    target_id TEXT NOT NULL,
    url TEXT NOT NULL,
    payload TEXT NOT NULL,
    headers TEXT NOT NULL,
    status INTEGER,
    response TEXT,
    duration_ms INTEGER NOT NULL,
    error TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX target_calls_by_instance ON target_calls (instance_id, created_at);
  `,
  },
];

export interface TargetCall {
  id: string;
  instanceId: string;
  executionId: string;
  targetId: string;
  url: string;
  payload: unknown;
  headers: Record<string, string>;
  status: number | null;
  response: string | null;
  durationMs: number;
  error: string | null;
  createdAt: string;
}

export function addTargetCall(db: Database, call: TargetCall): void {
  db.stmt(
    "INSERT INTO target_calls (id, instance_id, execution_id, target_id, url, payload, headers, status, response, duration_ms, error, created_at) " +
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(
    call.id,
    call.instanceId,
    call.executionId,
    call.targetId,
    call.url,
    JSON.stringify(call.payload),
    JSON.stringify(call.headers),
    call.status,
    call.response,
    call.durationMs,
    call.error,
    call.createdAt,
  );
}

interface CallRow {
  id: string;
  instance_id: string;
  execution_id: string;
  target_id: string;
  url: string;
  payload: string;
  headers: string;
  status: number | null;
  response: string | null;
  duration_ms: number;
  error: string | null;
  created_at: string;
}

const fromRow = (r: CallRow): TargetCall => ({
  id: r.id,
  instanceId: r.instance_id,
  executionId: r.execution_id,
  targetId: r.target_id,
  url: r.url,
  payload: JSON.parse(r.payload) as unknown,
  headers: JSON.parse(r.headers) as Record<string, string>,
  status: r.status,
  response: r.response,
  durationMs: r.duration_ms,
  error: r.error,
  createdAt: r.created_at,
});

export function listTargetCalls(db: Database, filter: { instanceId?: string; targetId?: string; executionId?: string }): TargetCall[] {
  const where = ["1"];
  const args: unknown[] = [];
  if (filter.instanceId) where.push("instance_id = ?"), args.push(filter.instanceId);
  if (filter.targetId) where.push("target_id = ?"), args.push(filter.targetId);
  if (filter.executionId) where.push("execution_id = ?"), args.push(filter.executionId);
  return (db.stmt(`SELECT * FROM target_calls WHERE ${where.join(" AND ")} ORDER BY created_at, rowid`).all(...args) as CallRow[]).map(fromRow);
}

export function getTargetCall(db: Database, id: string): TargetCall | undefined {
  const r = db.stmt("SELECT * FROM target_calls WHERE id = ?").get(id) as CallRow | undefined;
  return r && fromRow(r);
}

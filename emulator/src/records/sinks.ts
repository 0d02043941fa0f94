// The built-in target sink's rows (issue 5): the status and body configured per sink name, and every
// call a sink received. Rows written as requests arrive, not events: this module owns both tables and
// all of their SQL. actions/sink.ts checks a call's signature; control/sink-routes.ts serves the sink.

import type { Database } from "../store/database.js";
import type { SchemaStep } from "../store/migrations.js";

/** The tables' schema steps, run by store/migrations.ts in the order domain/schema.ts gives; never edit an applied step. */
export const sinkTables: readonly SchemaStep[] = [
  // 12: actions that run: the built-in sink's configuration and received calls
  {
    version: 12,
    sql: `
  CREATE TABLE sinks (
    name TEXT PRIMARY KEY,
    status INTEGER NOT NULL,
    body TEXT NOT NULL
  );
  CREATE TABLE sink_calls (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    headers TEXT NOT NULL,
    body TEXT NOT NULL,
    signature_valid INTEGER NOT NULL,
    created_at TEXT NOT NULL
  );
  `,
  },
];

export interface SinkConfig {
  status: number;
  body: string;
}

export interface SinkCall {
  id: string;
  name: string;
  headers: Record<string, string>;
  body: string;
  signatureValid: boolean;
  createdAt: string;
}

/** The sink's configured answer: 200 and no body when the name has none. */
export function sinkConfig(db: Database, name: string): SinkConfig {
  const row = db.stmt("SELECT status, body FROM sinks WHERE name = ?").get(name) as SinkConfig | undefined;
  return row ?? { status: 200, body: "" };
}

export function setSinkConfig(db: Database, name: string, config: SinkConfig): void {
  db.stmt("INSERT INTO sinks (name, status, body) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET status = excluded.status, body = excluded.body").run(
    name,
    config.status,
    config.body,
  );
}

export function recordSinkCall(db: Database, call: SinkCall): void {
  db.stmt("INSERT INTO sink_calls (id, name, headers, body, signature_valid, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(
    call.id,
    call.name,
    JSON.stringify(call.headers),
    call.body,
    call.signatureValid ? 1 : 0,
    call.createdAt,
  );
}

export function listSinkCalls(db: Database, name: string): SinkCall[] {
  const rows = db.stmt("SELECT * FROM sink_calls WHERE name = ? ORDER BY created_at, rowid").all(name) as {
    id: string;
    name: string;
    headers: string;
    body: string;
    signature_valid: number;
    created_at: string;
  }[];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    headers: JSON.parse(r.headers) as Record<string, string>,
    body: r.body,
    signatureValid: r.signature_valid === 1,
    createdAt: r.created_at,
  }));
}

// The built-in target sink (issue 5): `/emulator/v1/sink/{name}` takes target calls, checks their
// Svc-Signature against the keys of the targets that point at it, records each call and answers
// with the status and body configured for the name (200 and no body by default).

import { targetKeysWithUrlContaining } from "../domain/target/queries.js";
import type { Core } from "../domain/core.js";
import { verify } from "./signature.js";

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

export const SINK_PATH = "/emulator/v1/sink/";

export function sinkConfig(core: Core, name: string): SinkConfig {
  const row = core.db.stmt("SELECT status, body FROM sinks WHERE name = ?").get(name) as SinkConfig | undefined;
  return row ?? { status: 200, body: "" };
}

export function setSinkConfig(core: Core, name: string, config: SinkConfig): void {
  core.db
    .stmt("INSERT INTO sinks (name, status, body) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET status = excluded.status, body = excluded.body")
    .run(name, config.status, config.body);
}

/** Whether the signature verifies with the key of any target whose URL is this sink. */
export function sinkSignatureValid(core: Core, name: string, header: string | undefined, body: string): boolean {
  const keys = targetKeysWithUrlContaining(core.db, `${SINK_PATH}${encodeURIComponent(name)}`);
  const nowS = Math.floor(core.clock.nowMs() / 1000);
  return keys.some((k) => urlIsSink(k.url, name) && verify(header, k.key, body, nowS));
}

function urlIsSink(url: string, name: string): boolean {
  try {
    return new URL(url).pathname === `${SINK_PATH}${encodeURIComponent(name)}`;
  } catch {
    return false;
  }
}

export function recordSinkCall(core: Core, call: SinkCall): void {
  core.db
    .stmt("INSERT INTO sink_calls (id, name, headers, body, signature_valid, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .run(call.id, call.name, JSON.stringify(call.headers), call.body, call.signatureValid ? 1 : 0, call.createdAt);
}

export function listSinkCalls(core: Core, name: string): SinkCall[] {
  const rows = core.db.stmt("SELECT * FROM sink_calls WHERE name = ? ORDER BY created_at, rowid").all(name) as {
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

// The record of every target call (issue 5 "Visible"): execution, target, payload, headers,
// status, response, duration, error; the emulator's `targetCall` signal tells of each call as it is
// recorded (the SSE stream, the library handle's "targetCalled").

import type { Core } from "../domain/core.js";
import type { Database } from "../store/database.js";

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

declare module "../domain/core.js" {
  interface CoreSignals {
    targetCall: TargetCall;
  }
}

/** Hears every call recorded by this core's emulator (and no other's); returns the function that stops it. */
export function onTargetCall(core: Core, listener: (call: TargetCall) => void): () => void {
  return core.signals.on("targetCall", listener);
}

export function recordCall(core: Core, call: TargetCall): void {
  try {
    core.db
      .stmt(
        "INSERT INTO target_calls (id, instance_id, execution_id, target_id, url, payload, headers, status, response, duration_ms, error, created_at) " +
          "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
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
  } catch {
    return; // an async call that ends after close or reset: nothing to record it in
  }
  core.signals.emit("targetCall", call);
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

export function listCalls(db: Database, filter: { instanceId?: string; targetId?: string; executionId?: string }): TargetCall[] {
  const where = ["1"];
  const args: unknown[] = [];
  if (filter.instanceId) where.push("instance_id = ?"), args.push(filter.instanceId);
  if (filter.targetId) where.push("target_id = ?"), args.push(filter.targetId);
  if (filter.executionId) where.push("execution_id = ?"), args.push(filter.executionId);
  return (db.stmt(`SELECT * FROM target_calls WHERE ${where.join(" AND ")} ORDER BY created_at, rowid`).all(...args) as CallRow[]).map(fromRow);
}

export function getCall(db: Database, id: string): TargetCall | undefined {
  const r = db.stmt("SELECT * FROM target_calls WHERE id = ?").get(id) as CallRow | undefined;
  return r && fromRow(r);
}

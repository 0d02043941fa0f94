// Retention (issue 15; docs/behaviour.md "Retention"): what has expired is kept for a retention
// period on the emulator clock (default 24 hours, so a refresh token that ran out a moment ago still
// answers "expired" rather than "unknown"), then pruned: its projection row and its events are
// deleted, outside the event log (housekeeping, not a change of the model: no event, no listener).
// Without it every token keeps a row and an event forever, and memory and speed decay with use.
//
// What is pruned: access and refresh tokens past their expiry; authorization requests past their
// code's expiry (or a day after they were made, when they never got a code) once no token issued
// for them is still unexpired, so replaying a code still revokes live tokens; device
// authorizations past their expiry. An expired token answers as an unknown one, and both are
// refused alike (introspection answers {"active":false} for either).
//
// Sweeps walk each table by rowid in bounded windows, so no index is needed and one sweep step
// costs the same however many rows there are: a step after every STEP_EVERY committed events,
// a whole pass on a timer and whenever the emulator clock is moved.

import type { Core } from "./core.js";
import { AUTH_REQUEST } from "./auth-request/events.js";
import { DEVICE_AUTHORIZATION } from "./device-authorization/events.js";
import { OIDC_TOKEN } from "./token/events.js";

export const DEFAULT_RETENTION_MS = 24 * 3600_000;
/** Rows looked at per table in one transaction of a whole pass. */
const WINDOW = 20_000;
/** Committed events between two sweep steps. */
const STEP_EVERY = 500;
/**
 * Rows looked at per table in a step: four times the rows STEP_EVERY events can add at most (one
 * row per event), so pruning outpaces any load. The step runs inside the request that crossed
 * STEP_EVERY; a 20,000-row window there cost about 3 µs per token (2 % of a client_credentials
 * token's CPU, issue 15 round 5), a tenth of it now.
 */
const STEP_WINDOW = 4 * STEP_EVERY;
/** Real time between two whole passes when idle. */
const PASS_EVERY_MS = 30_000;

interface Prunable {
  table: string;
  aggregateType: string;
  /** SQL of the row's aggregate id and of the ISO time it ends at. */
  aggregateId: string;
  endsAt: string;
  /** More conditions a prunable row meets (with @cutoff). */
  also?: string;
}

const PRUNABLE: Prunable[] = [
  { table: "tokens", aggregateType: OIDC_TOKEN, aggregateId: "COALESCE(token_id, id)", endsAt: "expires_at" },
  {
    table: "auth_requests",
    aggregateType: AUTH_REQUEST,
    aggregateId: "id",
    endsAt: "COALESCE(code_expires_at, strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+1 day'))",
    also: "NOT EXISTS (SELECT 1 FROM tokens t WHERE t.auth_request_id = auth_requests.id AND t.expires_at >= @cutoff)",
  },
  { table: "device_authorizations", aggregateType: DEVICE_AUTHORIZATION, aggregateId: "id", endsAt: "expires_at" },
];

export class Retention {
  private cursors = new Map<string, number>();
  private sinceStep = 0;

  constructor(
    private readonly core: Core,
    private readonly retentionMs: number,
  ) {}

  private cutoff(): string {
    return new Date(this.core.clock.nowMs() - this.retentionMs).toISOString();
  }

  /** Prunes in the next window of one table; whether the walk wrapped around to its start. */
  private stepTable(p: Prunable, cutoff: string, window: number): { pruned: number; wrapped: boolean } {
    const db = this.core.db;
    return db.transaction(() => {
      const from = this.cursors.get(p.table) ?? 0;
      const rows = db
        .stmt(
          `SELECT rowid AS r, instance_id AS instanceId, ${p.aggregateId} AS aggregateId FROM ${p.table}
           WHERE rowid > @from AND rowid <= @from + @window AND ${p.endsAt} < @cutoff${p.also ? ` AND ${p.also}` : ""}`,
        )
        .all({ from, cutoff, window }) as { r: number; instanceId: string; aggregateId: string }[];
      for (const row of rows) {
        db.stmt(`DELETE FROM ${p.table} WHERE rowid = ?`).run(row.r);
        db.stmt("DELETE FROM events WHERE instance_id = ? AND aggregate_type = ? AND aggregate_id = ?").run(row.instanceId, p.aggregateType, row.aggregateId);
      }
      // Rows go without an event: what was cached for their aggregate type is forgotten as an event would do.
      if (rows.length) db.changed(p.aggregateType);
      const last = (db.stmt(`SELECT MAX(rowid) AS m FROM ${p.table}`).get() as { m: number | null }).m ?? 0;
      const wrapped = from + window >= last;
      this.cursors.set(p.table, wrapped ? 0 : from + window);
      return { pruned: rows.length, wrapped };
    });
  }

  /** One window of each table, from where the last step stopped; returns the rows pruned. */
  step(): number {
    const cutoff = this.cutoff();
    return PRUNABLE.reduce((n, p) => n + this.stepTable(p, cutoff, STEP_WINDOW).pruned, 0);
  }

  /** One whole walk over every table; returns the rows pruned. */
  pass(): number {
    const cutoff = this.cutoff();
    let pruned = 0;
    for (const p of PRUNABLE) {
      this.cursors.set(p.table, 0);
      for (let done = false; !done; ) {
        const r = this.stepTable(p, cutoff, WINDOW);
        pruned += r.pruned;
        done = r.wrapped;
      }
    }
    return pruned;
  }

  /** Counts committed events; every STEP_EVERY of them, one step. */
  committed(count: number): void {
    this.sinceStep += count;
    if (this.sinceStep < STEP_EVERY) return;
    this.sinceStep = 0;
    this.step();
  }

  /** Starts pruning: steps as events commit, a pass when the clock moves and on a timer; returns the stop function. */
  start(): () => void {
    // Pruning is housekeeping: a failure is reported and tried again later, never thrown at a request.
    const guarded = (f: () => unknown) => () => {
      try {
        f();
      } catch (e) {
        console.error("svc-emulator: pruning expired rows failed:", e);
      }
    };
    const unsubscribe = this.core.events.subscribe((events) => guarded(() => this.committed(events.length))());
    const stopMoves = this.core.clock.onMove(guarded(() => this.pass()));
    const timer = setInterval(
      guarded(() => this.pass()),
      PASS_EVERY_MS,
    ).unref();
    return () => {
      unsubscribe();
      stopMoves();
      clearInterval(timer);
    };
  }
}

// Settings (spec "Settings"): each context stores only the properties it set; a property resolves
// along the context chain and reports the owner it is inherited from. Writing is one event per
// change, `settings.<group>.set`, with the properties set (a value) or reset (null).

import type { Core } from "../core.js";
import type { Database } from "../../store/database.js";
import type { StoredEvent } from "../../store/event-store.js";
import type { Projections } from "../../store/projections.js";
import { contextChain, type Context } from "../context/context.js";

export interface Resolved<T> {
  value: T;
  /** The context the value comes from. */
  owner: Context;
}

export function registerSettingsProjection(p: Projections, groups: string[]): void {
  const reducer = (db: Database, e: StoredEvent) => {
    const { contextType, contextId, properties } = e.payload as { contextType: string; contextId: string; properties: Record<string, unknown> };
    for (const [name, value] of Object.entries(properties)) {
      if (value === null) db.stmt("DELETE FROM settings WHERE context_type = ? AND context_id = ? AND name = ?").run(contextType, contextId, name);
      else {
        db.stmt("INSERT INTO settings (context_type, context_id, name, value, changed_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO UPDATE SET value = excluded.value, changed_at = excluded.changed_at").run(
          contextType,
          contextId,
          name,
          JSON.stringify(value),
          e.createdAt,
        );
      }
    }
  };
  p.register(["settings"], Object.fromEntries(groups.map((g) => [`settings.${g}.set`, reducer])));
}

/** The value of a property where it is set nearest to `ctx`, or the fallback owned by the system. */
export function resolveSetting<T>(db: Database, ctx: Context, name: string, systemDefault: T): Resolved<T> {
  for (const c of contextChain(ctx)) {
    const row = db.stmt("SELECT value FROM settings WHERE context_type = ? AND context_id = ? AND name = ?").get(c.type, c.id, name) as { value: string } | undefined;
    if (row) return { value: JSON.parse(row.value) as T, owner: c };
  }
  return { value: systemDefault, owner: contextChain(ctx).at(-1)! };
}

/** Appends one settings change for a context; `properties` maps names to values, or null to reset. */
export function setSettings(core: Core, ctx: Context, group: string, properties: Record<string, unknown>, creator: string, check?: () => void): StoredEvent {
  const [event] = core.events.command(() => {
    check?.();
    return [
      {
        instanceId: ctx.instanceId ?? "SYSTEM",
        aggregateType: "settings",
        aggregateId: `${ctx.type}:${ctx.id}`,
        type: `settings.${group}.set`,
        payload: { contextType: ctx.type, contextId: ctx.id, properties },
        creator,
        resourceOwner: ctx.id,
      },
    ];
  });
  return event!;
}

/** The last change of a context's settings of a group: its details (sequence, date). */
export function lastChange(db: Database, ctx: Context, group: string): { sequence: number; changedAt: string } | undefined {
  const row = db.stmt("SELECT aggregate_sequence AS s, created_at AS t FROM events WHERE aggregate_type = 'settings' AND aggregate_id = ? AND type = ? ORDER BY position DESC LIMIT 1").get(`${ctx.type}:${ctx.id}`, `settings.${group}.set`) as
    | { s: number; t: string }
    | undefined;
  return row && { sequence: row.s, changedAt: row.t };
}

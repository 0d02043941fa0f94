// Reads of settings: a property resolved along the context chain, the language settings of a
// context, the details of a context's last change, and what a context set itself.

import type { Core } from "../core.js";
import type { Database } from "../../store/database.js";
import { contextChain, type Context } from "../context/context.js";
import { settingsAggregateId, SettingsSet, type SettingsGroup } from "./events.js";
import { DEFAULT_LANGUAGE, RESTRICTED_LANGUAGES, SUPPORTED_LANGUAGES, SYSTEM_DEFAULT_LANGUAGE, type LanguageSettings } from "./language.js";
import type { Resolved } from "./settings.js";
import { hot } from "../../store/hot-statements.js";

/** One property set in one context (discovery reads it: hot). */
const SETTING_IN = hot("SELECT value FROM settings WHERE instance_id = ? AND context_type = ? AND context_id = ? AND name = ?");

/** The instance a context's settings are stored in ("SYSTEM" for the system's). */
const storedIn = (ctx: { instanceId?: string }) => ctx.instanceId ?? "SYSTEM";

/** The value of a property where it is set nearest to `ctx`, or the fallback owned by the system. */
export function resolveSetting<T>(db: Database, ctx: Context, name: string, systemDefault: T): Resolved<T> {
  for (const c of contextChain(ctx)) {
    const row = db.stmt(SETTING_IN).get(storedIn(c), c.type, c.id, name) as { value: string } | undefined;
    if (row) return { value: JSON.parse(row.value) as T, owner: c };
  }
  return { value: systemDefault, owner: contextChain(ctx).at(-1)! };
}

/** The properties a context set itself (nothing inherited), by name. */
export function settingsSetIn(db: Database, ctx: { type: string; id: string; instanceId?: string }): Record<string, unknown> {
  const rows = db
    .stmt("SELECT name, value FROM settings WHERE instance_id = ? AND context_type = ? AND context_id = ? ORDER BY name")
    .all(storedIn(ctx), ctx.type, ctx.id) as {
    name: string;
    value: string;
  }[];
  return Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.value) as unknown]));
}

/** The last change of a context's settings of a group: its details (sequence, date). */
export function lastChange(db: Database, ctx: Context, group: SettingsGroup): { sequence: number; changedAt: string } | undefined {
  const row = db
    .stmt(
      "SELECT aggregate_sequence AS s, created_at AS t FROM events WHERE instance_id = ? AND aggregate_type = 'settings' AND aggregate_id = ? " +
        "AND type = ? ORDER BY position DESC LIMIT 1",
    )
    .get(storedIn(ctx), settingsAggregateId(ctx), SettingsSet[group].type) as { s: number; t: string } | undefined;
  return row && { sequence: row.s, changedAt: row.t };
}

export function resolveLanguages(core: Core, ctx: Context): LanguageSettings {
  return {
    defaultLanguage: resolveSetting(core.db, ctx, DEFAULT_LANGUAGE, SYSTEM_DEFAULT_LANGUAGE),
    restrictedLanguages: resolveSetting(core.db, ctx, RESTRICTED_LANGUAGES, SUPPORTED_LANGUAGES),
  };
}

export function languageDetails(core: Core, ctx: Context) {
  return lastChange(core.db, ctx, "language");
}

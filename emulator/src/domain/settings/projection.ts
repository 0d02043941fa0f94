// Settings events -> the settings table: one row per property a context set; a reset deletes it.

import type { Projections } from "../../store/projections.js";
import { SettingsSet, type SettingsGroup } from "./events.js";

export function registerSettingsProjection(p: Projections, groups: SettingsGroup[]): void {
  p.tables("settings");
  for (const g of groups) {
    p.on(SettingsSet[g], (db, e) => {
      const { contextType, contextId, properties } = e.payload;
      for (const [name, value] of Object.entries(properties)) {
        if (value === null) db.stmt("DELETE FROM settings WHERE context_type = ? AND context_id = ? AND name = ?").run(contextType, contextId, name);
        else {
          db.stmt(
            "INSERT INTO settings (context_type, context_id, name, value, changed_at) VALUES (?, ?, ?, ?, ?) " +
              "ON CONFLICT DO UPDATE SET value = excluded.value, changed_at = excluded.changed_at",
          ).run(contextType, contextId, name, JSON.stringify(value), e.createdAt);
        }
      }
    });
  }
}

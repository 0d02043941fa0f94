// Settings events -> the settings table: one row per property a context set; a reset deletes it.
// Rows are keyed by the event's instance (the context's; "SYSTEM" for the system's settings).

import type { Projections } from "../../store/projections.js";
import { SettingsSet, type SettingsGroup } from "./events.js";

export function registerSettingsProjection(p: Projections, groups: SettingsGroup[]): void {
  p.tables("settings");
  for (const g of groups) {
    p.on(SettingsSet[g], (db, e) => {
      const { contextType, contextId, properties } = e.payload;
      for (const [name, value] of Object.entries(properties)) {
        if (value === null)
          db.stmt("DELETE FROM settings WHERE context_type = ? AND context_id = ? AND name = ? AND instance_id = ?").run(
            contextType,
            contextId,
            name,
            e.instanceId,
          );
        else {
          db.stmt(
            "INSERT INTO settings (instance_id, context_type, context_id, name, value, changed_at) VALUES (?, ?, ?, ?, ?, ?) " +
              "ON CONFLICT DO UPDATE SET value = excluded.value, changed_at = excluded.changed_at",
          ).run(e.instanceId, contextType, contextId, name, JSON.stringify(value), e.createdAt);
        }
      }
    });
  }
}

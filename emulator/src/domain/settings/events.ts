// Settings events: one `settings.<group>.set` per change of a context's settings of a group, on the
// aggregate `<context type>:<context id>`, with the properties set (a value) or reset (null). The
// type names and payloads are those stored since the first data dirs; keep them.

import { eventType, type EventType } from "../../store/event-type.js";

export interface SettingsPayload {
  contextType: string;
  contextId: string;
  properties: Record<string, unknown>;
}

export const SETTINGS_GROUPS = ["language"] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

export const SettingsSet = Object.fromEntries(SETTINGS_GROUPS.map((g) => [g, eventType<SettingsPayload>("settings", `settings.${g}.set`)])) as Record<
  SettingsGroup,
  EventType<SettingsPayload>
>;

/** The settings aggregate of a context. */
export const settingsAggregateId = (ctx: { type: string; id: string }) => `${ctx.type}:${ctx.id}`;

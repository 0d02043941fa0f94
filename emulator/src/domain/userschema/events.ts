// The user schema aggregate's events (aggregate type "user_schema", owned by the instance).

import { eventType } from "../../store/event-type.js";

export const UserSchemaAdded = eventType<{ type: string; schema: Record<string, unknown>; authenticators: number[] }>("user_schema", "user_schema.added");
/** The fields that changed; a changed schema raises the revision. */
export const UserSchemaChanged = eventType<{ type?: string; schema?: Record<string, unknown>; authenticators?: number[] }>(
  "user_schema",
  "user_schema.changed",
);
export const UserSchemaStateSet = eventType<{ state: "active" | "inactive" }>("user_schema", "user_schema.state.set");
export const UserSchemaRemoved = eventType<Record<string, never>>("user_schema", "user_schema.removed");

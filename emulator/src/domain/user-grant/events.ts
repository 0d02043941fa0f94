// The user grant aggregate's events (aggregate type "usergrant"): a user's roles on a project
// granted, changed (the whole new role list) and removed.

import { eventType } from "../../store/event-type.js";

export const UserGrantAdded = eventType<{ userId: string; projectId: string; roles: string[] }>("usergrant", "user.grant.added");
export const UserGrantChanged = eventType<{ roles: string[] }>("usergrant", "user.grant.changed");
export const UserGrantRemoved = eventType<Record<string, never>>("usergrant", "user.grant.removed");

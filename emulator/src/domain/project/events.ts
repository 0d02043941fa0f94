// The project aggregate's events: the project, its roles and the grants of it to other orgs. The
// type names and payloads are those stored since the first schema; existing data dirs replay them.

import { eventType } from "../../store/event-type.js";

const AGGREGATE = "project";

export interface ProjectSettingsPayload {
  name: string;
  roleAssertion: boolean;
  roleCheck: boolean;
  hasProjectCheck: boolean;
}

export interface RolePayload {
  key: string;
  displayName: string;
  group: string;
}

export const projectAdded = eventType<ProjectSettingsPayload>(AGGREGATE, "project.added");
/** Only the settings that changed. */
export const projectChanged = eventType<Partial<ProjectSettingsPayload>>(AGGREGATE, "project.changed");
export const projectRemoved = eventType<Record<string, never>>(AGGREGATE, "project.removed");

export const roleAdded = eventType<RolePayload>(AGGREGATE, "project.role.added");
/** The role's key and only the fields that changed. */
export const roleChanged = eventType<{ key: string; displayName?: string; group?: string }>(AGGREGATE, "project.role.changed");
export const roleRemoved = eventType<{ key: string }>(AGGREGATE, "project.role.removed");

export const grantAdded = eventType<{ grantId: string; grantedOrgId: string; roles: string[] }>(AGGREGATE, "project.grant.added");
export const grantChanged = eventType<{ grantId: string; roles: string[] }>(AGGREGATE, "project.grant.changed");
export const grantRemoved = eventType<{ grantId: string }>(AGGREGATE, "project.grant.removed");

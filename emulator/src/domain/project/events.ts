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

export const ProjectAdded = eventType<ProjectSettingsPayload>(AGGREGATE, "project.added");
/** Only the settings that changed. */
export const ProjectChanged = eventType<Partial<ProjectSettingsPayload>>(AGGREGATE, "project.changed");
export const ProjectRemoved = eventType<Record<string, never>>(AGGREGATE, "project.removed");

export const ProjectRoleAdded = eventType<RolePayload>(AGGREGATE, "project.role.added");
/** The role's key and only the fields that changed. */
export const ProjectRoleChanged = eventType<{ key: string; displayName?: string; group?: string }>(AGGREGATE, "project.role.changed");
export const ProjectRoleRemoved = eventType<{ key: string }>(AGGREGATE, "project.role.removed");

export const ProjectGrantAdded = eventType<{ grantId: string; grantedOrgId: string; roles: string[] }>(AGGREGATE, "project.grant.added");
export const ProjectGrantChanged = eventType<{ grantId: string; roles: string[] }>(AGGREGATE, "project.grant.changed");
export const ProjectGrantRemoved = eventType<{ grantId: string }>(AGGREGATE, "project.grant.removed");

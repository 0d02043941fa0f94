// The roles a membership can hold, where each can be held, and the permissions each grants (spec
// "Authentication" 3). Where the role is held decides where its permissions apply: auth/permissions.ts.

import type { ContextType } from "./membership.js";

/** Role -> permission patterns; "*" matches any permission, "*.read" any read permission. */
const ROLE_PERMISSIONS: Record<string, string[]> = {
  // Manages the system context (system-level settings and reusable resources) as well as its instance.
  SYSTEM_OWNER: ["*"],
  IAM_OWNER: ["*"],
  IAM_OWNER_VIEWER: ["*.read"],
  IAM_ACTIONS_MANAGER: ["action.*", "execution.read"],
  // The product's org, project and project grant roles, in the emulator's permission names.
  ORG_OWNER: [
    "org.read",
    "org.write",
    "org.delete",
    "member.*",
    "idp.*",
    "policy.*",
    "user.read",
    "user.write",
    "user.delete",
    "user.grant.*",
    "project.*",
    "session.read",
    "session.delete",
  ],
  ORG_OWNER_VIEWER: [
    "org.read",
    "member.read",
    "idp.read",
    "policy.read",
    "user.read",
    "user.grant.read",
    "project.read",
    "project.role.read",
    "project.app.read",
    "project.grant.read",
  ],
  PROJECT_OWNER: ["project.read", "project.write", "project.delete", "member.*", "project.role.*", "project.app.*", "project.grant.*", "user.grant.*"],
  PROJECT_OWNER_VIEWER: ["project.read", "member.read", "project.role.read", "project.app.read", "project.grant.read", "user.grant.read"],
  PROJECT_GRANT_OWNER: ["project.grant.read", "member.*", "user.grant.*"],
};

export const KNOWN_ROLES = Object.keys(ROLE_PERMISSIONS);

/** The roles a membership in each kind of context can hold (SvcMemberships ListAvailableRoles). */
export const ROLES_BY_CONTEXT: Record<ContextType, string[]> = {
  system: ["SYSTEM_OWNER"],
  instance: ["IAM_OWNER", "IAM_OWNER_VIEWER", "IAM_ACTIONS_MANAGER"],
  org: ["ORG_OWNER", "ORG_OWNER_VIEWER"],
  project: ["PROJECT_OWNER", "PROJECT_OWNER_VIEWER"],
  project_grant: ["PROJECT_GRANT_OWNER"],
};

export const permissionsOfRole = (role: string): string[] => ROLE_PERMISSIONS[role] ?? [];

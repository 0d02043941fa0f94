// Roles grant permissions (spec "Authentication" 3), and where a role is held decides where its
// permissions apply: an instance membership (or being a system owner) on everything in the
// instance, an org membership on that org's resources, a project membership on that project's, a
// project grant membership on that grant's. A permission of "authenticated" needs no role.

import type { Database } from "../store/database.js";
import { membershipsOf, type ContextType } from "../domain/membership/membership.js";

/** Role -> permission patterns; "*" matches any permission, "*.read" any read permission. */
const ROLE_PERMISSIONS: Record<string, string[]> = {
  // Manages the system context (system-level settings and reusable resources) as well as its instance.
  SYSTEM_OWNER: ["*"],
  IAM_OWNER: ["*"],
  IAM_OWNER_VIEWER: ["*.read"],
  IAM_ACTIONS_MANAGER: ["action.*", "execution.read"],
  // The product's org, project and project grant roles, in the emulator's permission names.
  ORG_OWNER: ["org.read", "org.write", "org.delete", "member.*", "idp.*", "policy.*", "user.read", "user.write", "user.delete", "user.grant.*", "project.*", "session.read", "session.delete"],
  ORG_OWNER_VIEWER: ["org.read", "member.read", "idp.read", "policy.read", "user.read", "user.grant.read", "project.read", "project.role.read", "project.app.read", "project.grant.read"],
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

export const AUTHENTICATED = "authenticated";

function matches(pattern: string, permission: string): boolean {
  if (pattern === "*" || pattern === permission) return true;
  if (pattern.startsWith("*.")) return permission.endsWith(pattern.slice(1));
  if (pattern.endsWith(".*")) return permission.startsWith(pattern.slice(0, -1));
  return false;
}

/** `system.*` permissions (instances, limits) are the system owners' alone. */
export function rolesGrant(roles: string[], permission: string): boolean {
  if (permission === AUTHENTICATED) return true;
  if (permission.startsWith("system.")) return roles.includes("SYSTEM_OWNER");
  return roles.some((role) => (ROLE_PERMISSIONS[role] ?? []).some((p) => matches(p, permission)));
}

/** System owners act in every instance (their role is held in any membership). */
export function isSystemOwner(db: Database, userId: string): boolean {
  return membershipsOf(db, userId).some((m) => m.roles.includes("SYSTEM_OWNER"));
}

/** Where a resource lives: its org, and the project and project grant it belongs to, if any. No org: the instance itself. */
export interface Target {
  orgId?: string;
  projectId?: string;
  grantId?: string;
}

/** Where the caller holds one permission: the whole instance, or some orgs, projects, project grants. */
export interface PermissionScope {
  instance: boolean;
  orgs: string[];
  projects: string[];
  grants: string[];
}

const CONTEXT_LIST = { org: "orgs", project: "projects", project_grant: "grants" } as const;

/** The scope of `permission` for a user in an instance, from all their memberships. */
export function permissionScope(db: Database, userId: string, instanceId: string, permission: string): PermissionScope {
  const scope: PermissionScope = { instance: permission === AUTHENTICATED, orgs: [], projects: [], grants: [] };
  if (scope.instance) return scope;
  for (const m of membershipsOf(db, userId)) {
    if (m.roles.includes("SYSTEM_OWNER") && rolesGrant(m.roles, permission)) scope.instance = true;
    if (!rolesGrant(m.roles, permission) || m.contextType === "system") continue;
    if (m.contextType === "instance") scope.instance ||= m.contextId === instanceId;
    else scope[CONTEXT_LIST[m.contextType]].push(m.contextId);
  }
  return scope;
}

/** Whether the scope holds anything at all (the rpc pipeline's gate). */
export const heldAnywhere = (s: PermissionScope): boolean => s.instance || s.orgs.length + s.projects.length + s.grants.length > 0;

/** Whether the scope covers a resource at `target`. */
export function covers(s: PermissionScope, t: Target): boolean {
  if (s.instance) return true;
  return (t.orgId !== undefined && s.orgs.includes(t.orgId)) || (t.projectId !== undefined && s.projects.includes(t.projectId)) || (t.grantId !== undefined && s.grants.includes(t.grantId));
}

// Roles grant permissions (spec "Authentication" 3), and where a role is held decides where its
// permissions apply: an instance membership (or being a system owner) on everything in the
// instance, an org membership on that org's resources, a project membership on that project's, a
// project grant membership on that grant's. A permission of "authenticated" needs no role.

import type { Database } from "../store/database.js";
import { membershipsOf } from "../domain/membership/queries.js";
import { permissionsOfRole } from "../domain/membership/roles.js";

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
  return roles.some((role) => permissionsOfRole(role).some((p) => matches(p, permission)));
}

/** System owners act in every instance (their role is held in any membership). */
export function isSystemOwner(db: Database, user: { id: string; instanceId: string }): boolean {
  return membershipsOf(db, user.instanceId, user.id).some((m) => m.roles.includes("SYSTEM_OWNER"));
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
export function permissionScope(db: Database, user: { id: string; instanceId: string }, instanceId: string, permission: string): PermissionScope {
  const scope: PermissionScope = { instance: permission === AUTHENTICATED, orgs: [], projects: [], grants: [] };
  if (scope.instance) return scope;
  for (const m of membershipsOf(db, user.instanceId, user.id)) {
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
  return (
    (t.orgId !== undefined && s.orgs.includes(t.orgId)) ||
    (t.projectId !== undefined && s.projects.includes(t.projectId)) ||
    (t.grantId !== undefined && s.grants.includes(t.grantId))
  );
}

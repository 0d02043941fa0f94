// Roles grant permissions (spec "Authentication" 3). Instance roles apply to everything in the
// instance; org roles to resources of that org. A permission of "authenticated" needs no role.

import type { Database } from "../store/database.js";
import { membershipsOf } from "../domain/membership/membership.js";

/** Role -> permission patterns; "*" matches any permission, "*.read" any read permission. */
const ROLE_PERMISSIONS: Record<string, string[]> = {
  // Manages the system context (system-level settings and reusable resources) as well as its instance.
  SYSTEM_OWNER: ["*"],
  IAM_OWNER: ["*"],
  IAM_OWNER_VIEWER: ["*.read"],
  IAM_ACTIONS_MANAGER: ["action.*", "execution.read"],
  ORG_OWNER: ["org.*", "user.*", "project.*"],
  ORG_OWNER_VIEWER: ["org.read", "user.read", "project.read"],
};

export const KNOWN_ROLES = Object.keys(ROLE_PERMISSIONS);

/** The roles a membership in each kind of context can hold (SvcMemberships ListAvailableRoles). */
export const ROLES_BY_CONTEXT: Record<"system" | "instance" | "org", string[]> = {
  system: ["SYSTEM_OWNER"],
  instance: ["IAM_OWNER", "IAM_OWNER_VIEWER", "IAM_ACTIONS_MANAGER"],
  org: ["ORG_OWNER", "ORG_OWNER_VIEWER"],
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

/** Whether the user holds `permission` on the instance as a whole: an instance membership, or being a system owner. */
export function hasInstancePermission(db: Database, userId: string, instanceId: string, permission: string): boolean {
  if (permission === AUTHENTICATED) return true;
  if (isSystemOwner(db, userId)) return true;
  return membershipsOf(db, userId).some((m) => m.contextType === "instance" && m.contextId === instanceId && rolesGrant(m.roles, permission));
}

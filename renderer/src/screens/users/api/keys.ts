// The query keys of the users screen, one factory: every key starts with the screen and the instance
// (the selected one: its resource client and its ids), so a write invalidates exactly what it changes
// there and another instance's answers never mix in.

export const usersKeys = {
  all: (instanceId: string) => ["users", instanceId] as const,
  /** Every user list of the instance (the instance's, and each org's). */
  lists: (instanceId: string) => ["users", instanceId, "list"] as const,
  list: (instanceId: string, orgId: string | undefined) => ["users", instanceId, "list", orgId ?? ""] as const,
  orgNames: (instanceId: string) => ["users", instanceId, "org-names"] as const,
  metadata: (instanceId: string, userId: string) => ["users", instanceId, "metadata", userId] as const,
  grants: (instanceId: string, userId: string) => ["users", instanceId, "grants", userId] as const,
  memberships: (instanceId: string, userId: string) => ["users", instanceId, "memberships", userId] as const,
  /** The instance's projects: the grants card and the memberships card share this one list. */
  projects: (instanceId: string) => ["users", instanceId, "projects"] as const,
  /** `ctx`: the resource API's context query ("" for the instance, `ctx.orgId=…`, `ctx.projectId=…`). */
  membershipRoles: (instanceId: string, ctx: string) => ["users", instanceId, "membership-roles", ctx] as const,
  apps: (instanceId: string) => ["users", instanceId, "apps"] as const,
};

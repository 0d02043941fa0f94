// Memberships: a user's roles in a context (system, instance, org, project or project grant).
// Permissions follow from the roles (roles.ts), where the membership is (auth/permissions.ts).
// Context and user id together are unique (spec SvcMemberships). The model and its row mapping.

export type ContextType = "system" | "instance" | "org" | "project" | "project_grant";
export const CONTEXT_TYPES: ContextType[] = ["system", "instance", "org", "project", "project_grant"];

/**
 * A context a membership is in: system, instance or org (the settings contexts), or below an org a
 * project or a project grant, which carry the org and project they belong to.
 */
export interface MemberContext {
  type: ContextType;
  id: string;
  instanceId?: string;
  orgId?: string;
  projectId?: string;
}

export interface Membership {
  changedAt?: string;
  sequence?: number;
  contextType: ContextType;
  contextId: string;
  userId: string;
  roles: string[];
}

/** A membership's id: context type, context id and user id, which together are unique. */
export const membershipId = (m: Pick<Membership, "contextType" | "contextId" | "userId">) => `${m.contextType}.${m.contextId}.${m.userId}`;

export interface MembershipRow {
  context_type: ContextType;
  context_id: string;
  user_id: string;
  roles: string;
  changed_at: string;
  sequence: number;
}

export const membershipFromRow = (r: MembershipRow): Membership => ({
  contextType: r.context_type,
  contextId: r.context_id,
  userId: r.user_id,
  roles: JSON.parse(r.roles) as string[],
  changedAt: r.changed_at,
  sequence: r.sequence,
});

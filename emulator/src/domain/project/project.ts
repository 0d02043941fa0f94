// Projects: hold roles and the role assertion settings that shape tokens (wire-facts 6.4), and are
// granted to other orgs with some of their roles (project grants, SvcGrants). The model and its rows.

export interface ProjectInput {
  name: string;
  roleAssertion?: boolean;
  roleCheck?: boolean;
  hasProjectCheck?: boolean;
  roles?: { key: string; displayName?: string; group?: string }[];
}

export interface Project {
  id: string;
  instanceId: string;
  orgId: string;
  name: string;
  roleAssertion: boolean;
  roleCheck: boolean;
  hasProjectCheck: boolean;
  changedAt: string;
  sequence: number;
}

export type ProjectSettings = Pick<Project, "name" | "roleAssertion" | "roleCheck" | "hasProjectCheck">;

export interface Role {
  key: string;
  displayName: string;
  group: string;
}

export interface ProjectRow {
  id: string;
  instance_id: string;
  org_id: string;
  name: string;
  role_assertion: number;
  role_check: number;
  has_project_check: number;
  changed_at: string;
  sequence: number;
}

export const projectFromRow = (r: ProjectRow): Project => ({
  id: r.id,
  instanceId: r.instance_id,
  orgId: r.org_id,
  name: r.name,
  roleAssertion: r.role_assertion === 1,
  roleCheck: r.role_check === 1,
  hasProjectCheck: r.has_project_check === 1,
  changedAt: r.changed_at,
  sequence: r.sequence,
});

export interface ProjectGrant {
  id: string;
  instanceId: string;
  projectId: string;
  grantedOrgId: string;
  roles: string[];
  /** The org that owns the project (and so the grant). */
  orgId: string;
  changedAt: string;
  sequence: number;
}

export interface ProjectGrantRow {
  id: string;
  instance_id: string;
  project_id: string;
  granted_org_id: string;
  roles: string;
  changed_at: string;
  sequence: number;
  org_id: string;
}

export const projectGrantFromRow = (r: ProjectGrantRow): ProjectGrant => ({
  id: r.id,
  instanceId: r.instance_id,
  projectId: r.project_id,
  grantedOrgId: r.granted_org_id,
  roles: JSON.parse(r.roles) as string[],
  orgId: r.org_id,
  changedAt: r.changed_at,
  sequence: r.sequence,
});

// User grants: the roles a user holds on a project; the source of the role claims. The model and
// its row mapping; events in events.ts, changes in commands.ts, reads in queries.ts.

export interface UserGrant {
  changedAt?: string;
  sequence?: number;
  id: string;
  orgId: string;
  userId: string;
  projectId: string;
  roles: string[];
}

export interface UserGrantRow {
  id: string;
  org_id: string;
  user_id: string;
  project_id: string;
  roles: string;
  changed_at: string;
  sequence: number;
}

export const userGrantFromRow = (r: UserGrantRow): Required<UserGrant> => ({
  id: r.id,
  orgId: r.org_id,
  userId: r.user_id,
  projectId: r.project_id,
  roles: JSON.parse(r.roles) as string[],
  changedAt: r.changed_at,
  sequence: r.sequence,
});

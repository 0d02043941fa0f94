// Organizations: the contexts below an instance that own users, projects and apps; each has domains,
// one of them primary (SvcDomains). The model and its row mapping; reads in queries.ts, writes in
// commands.ts, the tables in projection.ts.

export interface Org {
  id: string;
  instanceId: string;
  name: string;
  /** False after a deactivation, until a reactivation. */
  active: boolean;
  createdAt: string;
  changedAt: string;
  sequence: number;
}

export interface OrgRow {
  id: string;
  instance_id: string;
  name: string;
  active: number;
  created_at: string;
  changed_at: string;
  sequence: number;
}

export const orgFromRow = (r: OrgRow): Org => ({
  id: r.id,
  instanceId: r.instance_id,
  name: r.name,
  active: r.active === 1,
  createdAt: r.created_at,
  changedAt: r.changed_at,
  sequence: r.sequence,
});

export interface OrgDomain {
  instanceId: string;
  domain: string;
  orgId: string;
  isVerified: boolean;
  isPrimary: boolean;
  validationType: number;
  changedAt: string;
  sequence: number;
}

export interface OrgDomainRow {
  instance_id: string;
  domain: string;
  org_id: string;
  is_verified: number;
  is_primary: number;
  validation_type: number;
  changed_at: string;
  sequence: number;
}

export const domainFromRow = (r: OrgDomainRow): OrgDomain => ({
  instanceId: r.instance_id,
  domain: r.domain,
  orgId: r.org_id,
  isVerified: r.is_verified === 1,
  isPrimary: r.is_primary === 1,
  validationType: r.validation_type,
  changedAt: r.changed_at,
  sequence: r.sequence,
});

/** An org name as a domain label: lower case, runs of other characters as one "-". */
export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

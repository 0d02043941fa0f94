// The read of a whole org: everything that belongs to it, for the export (wire-facts 7: the org,
// its domains, users with metadata and machine keys, projects with roles and apps, app keys,
// project grants, user grants, members, IDPs) and the UI's context screens. Secrets stay out:
// public key parts only, no client secret or machine secret digests; password hashes (bcrypt, as
// the product exports them) only when asked for.

import type { Core } from "../domain/core.js";
import type { App } from "../domain/app/app.js";
import { appPublicKeys, getApp } from "../domain/app/queries.js";
import { idpsOwnedBy, statePoliciesSetIn } from "../domain/idp/queries.js";
import type { Idp, Policy } from "../domain/idp/idp.js";
import type { Membership } from "../domain/membership/membership.js";
import { membershipsIn } from "../domain/membership/queries.js";
import type { Project, ProjectGrant } from "../domain/project/project.js";
import { getProject, getProjectGrant, projectRoles } from "../domain/project/queries.js";
import { settingsSetIn } from "../domain/settings/queries.js";
import type { UserGrant } from "../domain/user-grant/user-grant.js";
import { grantsOfUser } from "../domain/user-grant/queries.js";
import type { User } from "../domain/user/user.js";
import { getUser, machineKeys } from "../domain/user/queries.js";
import type { Org, OrgDomain } from "../domain/org/org.js";
import { defaultOrgId, domainsOfOrg, getOrg, orgPrimaryDomain } from "../domain/org/queries.js";

type PublicKey = { id: string; jwk: object; expiresAt: string | null };

export interface OrgUser {
  /** `data` without the machine secret's digest. */
  user: User;
  metadata: Record<string, string>;
  /** A machine's keys, public parts. */
  keys: PublicKey[];
  grants: UserGrant[];
  /** A human's password hash, only with `withPasswords`. */
  passwordHash?: string;
}

export interface OrgProject {
  project: Project;
  roles: { key: string; displayName: string; group: string }[];
  /** Each app with its keys' public parts (`hasSecret` says whether it has a client secret; the secret's digest stays out). */
  apps: { app: App; keys: PublicKey[] }[];
}

export interface OrgRead {
  org: Org;
  isInstanceDefault: boolean;
  primaryDomain: string;
  domains: OrgDomain[];
  /** The settings properties the org set itself (nothing inherited), by name. */
  settings: Record<string, unknown>;
  users: OrgUser[];
  projects: OrgProject[];
  /** Grants of the org's projects to other orgs, and grants of other orgs' projects to it. */
  projectGrants: { given: ProjectGrant[]; received: ProjectGrant[] };
  /** Memberships in the org, its projects, and the project grants it gave or received. */
  memberships: Membership[];
  /** The IDPs the org owns. */
  idps: Idp[];
  /** The state policies the org set for IDPs of the instance or the system. */
  idpStatePolicies: { idpId: string; policy: Policy }[];
}

const ids = (core: Core, sql: string, ...args: unknown[]) => (core.db.stmt(sql).all(...args) as { id: string }[]).map((r) => r.id);

/** Everything that belongs to the org, or undefined when the instance has no such org. */
export function readOrg(core: Core, instanceId: string, orgId: string, opts: { withPasswords?: boolean } = {}): OrgRead | undefined {
  const org = getOrg(core.db, instanceId, orgId);
  if (!org) return undefined;
  const db = core.db;
  // One synchronous read: no write can come in between, so the parts agree with each other.
  const users = ids(core, "SELECT id FROM users WHERE instance_id = ? AND org_id = ? ORDER BY created_at, id", instanceId, orgId).map((id) =>
    orgUser(core, getUser(db, instanceId, id)!, opts.withPasswords ?? false),
  );
  const projects = ids(core, "SELECT id FROM projects WHERE instance_id = ? AND org_id = ? ORDER BY created_at, id", instanceId, orgId).map(
    (id): OrgProject => ({
      project: getProject(db, instanceId, id)!,
      roles: projectRoles(db, instanceId, id),
      apps: ids(core, "SELECT id FROM apps WHERE instance_id = ? AND project_id = ? ORDER BY created_at, id", instanceId, id).map((appId) => ({
        app: getApp(db, instanceId, appId)!,
        keys: appPublicKeys(db, instanceId, appId),
      })),
    }),
  );
  const grants = (sql: string) => ids(core, sql, instanceId, orgId).map((id) => getProjectGrant(db, instanceId, id)!);
  const given = grants(
    "SELECT g.id FROM project_grants g JOIN projects p ON p.instance_id = g.instance_id AND p.id = g.project_id " +
      "WHERE g.instance_id = ? AND p.org_id = ? ORDER BY g.created_at, g.id",
  );
  const received = grants("SELECT id FROM project_grants WHERE instance_id = ? AND granted_org_id = ? ORDER BY created_at, id");
  const memberships = [
    ...membershipsIn(db, instanceId, "org", orgId),
    ...projects.flatMap((p) => membershipsIn(db, instanceId, "project", p.project.id)),
    ...[...given, ...received].flatMap((g) => membershipsIn(db, instanceId, "project_grant", g.id)),
  ];
  const ctx = { type: "org" as const, id: orgId, instanceId };
  return {
    org,
    isInstanceDefault: defaultOrgId(db, instanceId) === orgId,
    primaryDomain: orgPrimaryDomain(core, instanceId, orgId),
    domains: domainsOfOrg(db, instanceId, orgId),
    settings: settingsSetIn(db, ctx),
    users,
    projects,
    projectGrants: { given, received },
    memberships,
    idps: idpsOwnedBy(db, ctx),
    idpStatePolicies: statePoliciesSetIn(db, ctx),
  };
}

function orgUser(core: Core, user: User, withPasswords: boolean): OrgUser {
  const { secretHash: _digest, ...data } = user.data;
  const hash =
    withPasswords && user.type === "human"
      ? (core.db.stmt("SELECT password_hash AS h FROM users WHERE instance_id = ? AND id = ?").get(user.instanceId, user.id) as { h: string | null }).h
      : null;
  return {
    user: { ...user, data },
    metadata: (data.metadata as Record<string, string> | undefined) ?? {},
    keys: user.type === "machine" ? machineKeys(core.db, user.instanceId, user.id) : [],
    grants: grantsOfUser(core.db, user.instanceId, user.id),
    ...(hash ? { passwordHash: hash } : {}),
  };
}

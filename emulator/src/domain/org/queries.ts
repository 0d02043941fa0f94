// Reads of orgs and their domains: by id, the instance's list and default, the paged searches of
// SvcOrganizations and SvcDomains, and the primary domain that login names and claims show.

import type { Readable } from "../readable.js";
import type { Core } from "../core.js";
import type { Database } from "../../store/database.js";
import { inList, pagedSearch, type PageRequest } from "../../store/paged-search.js";
import { textCondition, type TextMatch } from "../../store/text-filter.js";
import { getInstance } from "../instance/queries.js";
import { domainFromRow, orgFromRow, slug, type Org, type OrgDomain, type OrgDomainRow, type OrgRow } from "./org.js";
import { hot } from "../../store/hot-statements.js";

/** Claims and introspection name the org by it (hot). */
const PRIMARY_DOMAIN = hot("SELECT domain FROM org_domains WHERE instance_id = ? AND org_id = ? AND is_primary = 1");

/**
 * The caller's read scope as a SQL condition over the named columns, parameters pushed onto `args`
 * (the api layer's authorization gives it; the domain does not know who asks).
 */

export function getOrg(db: Database, instanceId: string, id: string): Org | undefined {
  const r = db.stmt("SELECT * FROM orgs WHERE instance_id = ? AND id = ?").get(instanceId, id) as OrgRow | undefined;
  return r && orgFromRow(r);
}

export function listOrgs(db: Database, instanceId: string): Org[] {
  return (db.stmt("SELECT * FROM orgs WHERE instance_id = ? ORDER BY created_at, id").all(instanceId) as OrgRow[]).map(orgFromRow);
}

export function defaultOrgId(db: Database, instanceId: string): string | undefined {
  return (db.stmt("SELECT default_org_id AS id FROM instances WHERE id = ?").get(instanceId) as { id: string | null } | undefined)?.id ?? undefined;
}

export type OrgFilter = { name: TextMatch } | { ids: string[] };

/** One page of the instance's orgs the scope may read, oldest first unless the page says otherwise. */
export function searchOrgs(db: Database, instanceId: string, scope: Readable, filters: OrgFilter[], page: PageRequest): { total: number; orgs: Org[] } {
  const args: unknown[] = [instanceId];
  const where = ["instance_id = ?", scope({ org: "id" }, args)];
  for (const f of filters) where.push("name" in f ? textCondition("name", f.name, args) : inList("id", f.ids, args));
  const { total, rows } = pagedSearch<OrgRow>(db, "orgs", where, args, "created_at", page);
  return { total, orgs: rows.map(orgFromRow) };
}

export function getDomain(db: Database, instanceId: string, domain: string): OrgDomain | undefined {
  const r = db.stmt("SELECT * FROM org_domains WHERE instance_id = ? AND domain = ?").get(instanceId, domain.toLowerCase()) as OrgDomainRow | undefined;
  return r && domainFromRow(r);
}

export function domainsOfOrg(db: Database, instanceId: string, orgId: string): OrgDomain[] {
  return (db.stmt("SELECT * FROM org_domains WHERE instance_id = ? AND org_id = ? ORDER BY created_at, rowid").all(instanceId, orgId) as OrgDomainRow[]).map(
    domainFromRow,
  );
}

export function primaryDomainOf(db: Database, instanceId: string, orgId: string): string | undefined {
  return (db.stmt(PRIMARY_DOMAIN).get(instanceId, orgId) as { domain: string } | undefined)?.domain;
}

export type DomainFilter = { orgId: string } | { name: TextMatch };

/** One page of the instance's org domains the scope may read. */
export function searchDomains(
  db: Database,
  instanceId: string,
  scope: Readable,
  filters: DomainFilter[],
  page: PageRequest,
): { total: number; domains: OrgDomain[] } {
  const args: unknown[] = [instanceId];
  const where = ["instance_id = ?", scope({ org: "org_id" }, args)];
  for (const f of filters) {
    if ("orgId" in f) where.push("org_id = ?"), args.push(f.orgId);
    else where.push(textCondition("domain", f.name, args));
  }
  const { total, rows } = pagedSearch<OrgDomainRow>(db, "org_domains", where, args, "created_at", page, "domain");
  return { total, domains: rows.map(domainFromRow) };
}

/** An org's primary domain (SvcDomains); for orgs stored before domains existed, its name as a slug below the instance's domain. */
export function orgPrimaryDomain(core: Core, instanceId: string, orgId: string): string {
  // Every login name and token introspection reads it: cached until an org or instance event (their domains and names).
  return core.db.cachedFor(PRIMARY_DOMAIN_STALE_ON, `primary-domain:${instanceId}:${orgId}`, () => {
    const primary = primaryDomainOf(core.db, instanceId, orgId);
    if (primary) return primary;
    const org = getOrg(core.db, instanceId, orgId);
    const instanceDomain = getInstance(core.db, instanceId)?.domains[0] ?? "localhost";
    return `${slug(org?.name ?? orgId)}.${instanceDomain}`;
  });
}
const PRIMARY_DOMAIN_STALE_ON = ["org", "instance"];

/** The instance's org whose primary domain this is (domains compare in lower case). */
export function orgByPrimaryDomain(core: Core, instanceId: string, domain: string): Org | undefined {
  return listOrgs(core.db, instanceId).find((o) => orgPrimaryDomain(core, o.instanceId, o.id) === domain.toLowerCase());
}

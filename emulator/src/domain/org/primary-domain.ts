// An org's primary domain (SvcDomains), as claims, login names and Actions' contexts show it.

import type { Core } from "../core.js";
import { getInstance } from "../instance/instance.js";
import { primaryDomainOf } from "./domains.js";
import { getOrg } from "./org.js";

/** The org's primary domain; for orgs stored before domains existed, its name as a slug below the instance's domain. */
export function orgPrimaryDomain(core: Core, instanceId: string, orgId: string): string {
  const primary = primaryDomainOf(core.db, orgId);
  if (primary) return primary;
  const org = getOrg(core.db, instanceId, orgId);
  const instanceDomain = getInstance(core.db, instanceId)?.domains[0] ?? "localhost";
  const slug = (org?.name ?? orgId).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${slug}.${instanceDomain}`;
}

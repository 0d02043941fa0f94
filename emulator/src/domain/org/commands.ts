// Org commands of SvcOrganizations and SvcDomains: create (with its generated primary domain),
// rename, deactivate / reactivate, remove (never the instance's default org, which new users and
// projects fall back to),
// make an org the instance's default; add, validate, make primary and remove domains (a domain is
// unique in its instance; offline, validation has nothing to look up).

import type { Actor, Core, GivenId } from "../core.js";
import { alreadyExists, failedPrecondition, notFound } from "../../kernel/errors.js";
import type { NewEvent, StoredEvent } from "../../store/event.js";
import type { Database } from "../../store/database.js";
import { InstanceDefaultOrgSet } from "../instance/events.js";
import { getInstance } from "../instance/queries.js";
import {
  OrgAdded,
  OrgChanged,
  OrgDeactivated,
  OrgDomainAdded,
  OrgDomainPrimarySet,
  OrgDomainRemoved,
  OrgDomainVerified,
  OrgReactivated,
  OrgRemoved,
} from "./events.js";
import { slug, type OrgDomain } from "./org.js";
import { defaultOrgId, getDomain, getOrg, listOrgs } from "./queries.js";

const orgNotFound = () => notFound("ORG-not-found", "Organization not found");

function checkNameFree(core: Core, actor: Actor, name: string, except?: string): void {
  if (listOrgs(core.db, actor.instanceId).some((o) => o.name.toLowerCase() === name.toLowerCase() && o.id !== except)) {
    throw alreadyExists("ORG-name-taken", `An organization named ${JSON.stringify(name)} already exists`);
  }
}

/** The events that give a new org its generated, verified primary domain: its name below the instance's first domain. */
function generatedDomainEvents(db: Database, actor: Actor, orgId: string, orgName: string): NewEvent[] {
  const label = slug(orgName) || "org";
  const instanceDomain = () => getInstance(db, actor.instanceId)?.domains[0] ?? "localhost";
  let domain = `${label}.${instanceDomain()}`;
  for (let n = 2; getDomain(db, actor.instanceId, domain); n++) domain = `${label}-${n}.${instanceDomain()}`;
  return [OrgDomainAdded.event(actor, orgId, orgId, { domain, verified: true, generated: true }), OrgDomainPrimarySet.event(actor, orgId, orgId, { domain })];
}

/** `opts.id`: keep a given id (seed, import); else a new one. The org is created in `actor.instanceId`. */
export function createOrg(core: Core, actor: Actor, input: { name: string }, opts: GivenId = {}): StoredEvent {
  const id = opts.id ?? core.ids.next();
  const [added] = core.events.command(() => {
    if (opts.id && getOrg(core.db, actor.instanceId, id)) throw alreadyExists("ORG-exists", `An organization with the id ${id} already exists`);
    checkNameFree(core, actor, input.name);
    return [OrgAdded.event(actor, id, id, { name: input.name }), ...generatedDomainEvents(core.db, actor, id, input.name)];
  });
  return added!;
}

export function renameOrg(core: Core, actor: Actor, id: string, name: string | undefined): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const org = getOrg(core.db, actor.instanceId, id);
    if (!org) throw orgNotFound();
    if (name === undefined || name === org.name) return [];
    checkNameFree(core, actor, name, id);
    return [OrgChanged.event(actor, id, id, { name })];
  });
  return changed;
}

export function removeOrg(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => {
    if (!getOrg(core.db, actor.instanceId, id)) throw orgNotFound();
    if (defaultOrgId(core.db, actor.instanceId) === id)
      throw failedPrecondition("ORG-is-default", "The instance's default organization cannot be deleted; make another one the default first");
    return [OrgRemoved.event(actor, id, id, {})];
  });
  return removed!;
}

/** Deactivates (`active` false) or reactivates the org; no event when it is in that state already. */
export function setOrgActive(core: Core, actor: Actor, id: string, active: boolean): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const org = getOrg(core.db, actor.instanceId, id);
    if (!org) throw orgNotFound();
    if (org.active === active) return [];
    if (!active && defaultOrgId(core.db, actor.instanceId) === id)
      throw failedPrecondition("ORG-is-default", "The instance's default organization cannot be deactivated; make another one the default first");
    return [(active ? OrgReactivated : OrgDeactivated).event(actor, id, id, {})];
  });
  return changed;
}

export function setDefaultOrg(core: Core, actor: Actor, id: string): StoredEvent | undefined {
  const [set] = core.events.command(() => {
    if (!getOrg(core.db, actor.instanceId, id)) throw orgNotFound();
    if (defaultOrgId(core.db, actor.instanceId) === id) return [];
    return [InstanceDefaultOrgSet.event(actor, actor.instanceId, actor.instanceId, { orgId: id })];
  });
  return set;
}

function foundDomain(core: Core, actor: Actor, domain: string): OrgDomain {
  const d = getDomain(core.db, actor.instanceId, domain);
  if (!d) throw notFound("DOMAIN-not-found", `Domain ${domain} not found`);
  return d;
}

export function addDomain(core: Core, actor: Actor, orgId: string, domain: string): StoredEvent {
  const [added] = core.events.command(() => {
    if (getDomain(core.db, actor.instanceId, domain)) throw alreadyExists("DOMAIN-taken", `The domain ${domain} is already used in this instance`);
    return [OrgDomainAdded.event(actor, orgId, orgId, { domain: domain.toLowerCase(), verified: false })];
  });
  return added!;
}

/** Offline there is nothing to look up: validation marks the domain verified with the given method. */
export function validateDomain(core: Core, actor: Actor, domain: string, validationType: number): StoredEvent | undefined {
  const [verified] = core.events.command(() => {
    const d = foundDomain(core, actor, domain);
    return d.isVerified ? [] : [OrgDomainVerified.event(actor, d.orgId, d.orgId, { domain: d.domain, validationType })];
  });
  return verified;
}

export function setPrimaryDomain(core: Core, actor: Actor, domain: string): StoredEvent | undefined {
  const [set] = core.events.command(() => {
    const d = foundDomain(core, actor, domain);
    if (!d.isVerified) throw failedPrecondition("DOMAIN-not-verified", `The domain ${d.domain} must be verified before it can be primary`);
    return d.isPrimary ? [] : [OrgDomainPrimarySet.event(actor, d.orgId, d.orgId, { domain: d.domain })];
  });
  return set;
}

export function removeDomain(core: Core, actor: Actor, domain: string): StoredEvent {
  const [removed] = core.events.command(() => {
    const d = foundDomain(core, actor, domain);
    if (d.isPrimary) throw failedPrecondition("DOMAIN-is-primary", "The primary domain cannot be deleted; make another domain primary first");
    return [OrgDomainRemoved.event(actor, d.orgId, d.orgId, { domain: d.domain })];
  });
  return removed!;
}

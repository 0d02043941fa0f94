// Org domains (SvcDomains): every org gets a generated, verified primary domain (its name as a slug
// below the instance's first domain); more domains can be added, validated and made primary. A
// domain is unique in its instance.

import type { Actor, Core } from "../core.js";
import { alreadyExists, failedPrecondition, notFound } from "../../kernel/errors.js";
import type { Database } from "../../store/database.js";
import type { StoredEvent } from "../../store/event-store.js";
import type { Projections } from "../../store/projections.js";
import { getInstance } from "../instance/instance.js";

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

export function registerOrgDomainProjection(p: Projections): void {
  const touch = (db: Database, instanceId: string, domain: string, at: string, seq: number) =>
    db.stmt("UPDATE org_domains SET changed_at = ?, sequence = ? WHERE instance_id = ? AND domain = ?").run(at, seq, instanceId, domain);
  p.register(["org_domains"], {
    "org.domain.added": (db, e) => {
      db.stmt("INSERT INTO org_domains (instance_id, domain, org_id, is_verified, is_primary, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, 0, ?, ?, ?)").run(
        e.instanceId,
        e.payload.domain,
        e.aggregateId,
        e.payload.verified ? 1 : 0,
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    },
    "org.domain.verified": (db, e) => {
      db.stmt("UPDATE org_domains SET is_verified = 1, validation_type = ? WHERE instance_id = ? AND domain = ?").run(e.payload.validationType ?? 0, e.instanceId, e.payload.domain);
      touch(db, e.instanceId, String(e.payload.domain), e.createdAt, e.aggregateSequence);
    },
    "org.domain.primary.set": (db, e) => {
      db.stmt("UPDATE org_domains SET is_primary = (domain = ?) WHERE org_id = ?").run(e.payload.domain, e.aggregateId);
      touch(db, e.instanceId, String(e.payload.domain), e.createdAt, e.aggregateSequence);
    },
    "org.domain.removed": (db, e) => {
      db.stmt("DELETE FROM org_domains WHERE instance_id = ? AND domain = ?").run(e.instanceId, e.payload.domain);
    },
  });
}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "org";

/** The events that give a new org its generated primary domain. */
export function generatedDomainEvents(db: Database, instanceId: string, orgId: string, orgName: string, creator: string) {
  const base = `${slug(orgName)}.${getInstance(db, instanceId)?.domains[0] ?? "localhost"}`;
  let domain = base;
  for (let n = 2; getDomain(db, instanceId, domain); n++) domain = `${slug(orgName)}-${n}.${getInstance(db, instanceId)?.domains[0] ?? "localhost"}`;
  const e = (type: string, payload: Record<string, unknown>) => ({ instanceId, aggregateType: "org", aggregateId: orgId, type, payload, creator, resourceOwner: orgId });
  return [e("org.domain.added", { domain, verified: true, generated: true }), e("org.domain.primary.set", { domain })];
}

export function getDomain(db: Database, instanceId: string, domain: string): OrgDomain | undefined {
  const r = db.stmt("SELECT * FROM org_domains WHERE instance_id = ? AND domain = ?").get(instanceId, domain.toLowerCase()) as OrgDomainRow | undefined;
  return r && domainFromRow(r);
}

export function primaryDomainOf(db: Database, orgId: string): string | undefined {
  return (db.stmt("SELECT domain FROM org_domains WHERE org_id = ? AND is_primary = 1").get(orgId) as { domain: string } | undefined)?.domain;
}

function found(core: Core, actor: Actor, domain: string): OrgDomain {
  const d = getDomain(core.db, actor.instanceId, domain);
  if (!d) throw notFound("DOMAIN-not-found", `Domain ${domain} not found`);
  return d;
}

const event = (actor: Actor, orgId: string, type: string, payload: Record<string, unknown>) => ({ instanceId: actor.instanceId, aggregateType: "org", aggregateId: orgId, type, payload, creator: actor.userId, resourceOwner: orgId });

export function addDomain(core: Core, actor: Actor, orgId: string, domain: string): StoredEvent {
  const [added] = core.events.command(() => {
    if (getDomain(core.db, actor.instanceId, domain)) throw alreadyExists("DOMAIN-taken", `The domain ${domain} is already used in this instance`);
    return [event(actor, orgId, "org.domain.added", { domain: domain.toLowerCase(), verified: false })];
  });
  return added!;
}

/** Offline there is nothing to look up: validation marks the domain verified with the given method. */
export function validateDomain(core: Core, actor: Actor, domain: string, validationType: number): StoredEvent | undefined {
  const [verified] = core.events.command(() => {
    const d = found(core, actor, domain);
    return d.isVerified ? [] : [event(actor, d.orgId, "org.domain.verified", { domain: d.domain, validationType })];
  });
  return verified;
}

export function setPrimaryDomain(core: Core, actor: Actor, domain: string): StoredEvent | undefined {
  const [set] = core.events.command(() => {
    const d = found(core, actor, domain);
    if (!d.isVerified) throw failedPrecondition("DOMAIN-not-verified", `The domain ${d.domain} must be verified before it can be primary`);
    return d.isPrimary ? [] : [event(actor, d.orgId, "org.domain.primary.set", { domain: d.domain })];
  });
  return set;
}

export function removeDomain(core: Core, actor: Actor, domain: string): StoredEvent {
  const [removed] = core.events.command(() => {
    const d = found(core, actor, domain);
    if (d.isPrimary) throw failedPrecondition("DOMAIN-is-primary", "The primary domain cannot be deleted; make another domain primary first");
    return [event(actor, d.orgId, "org.domain.removed", { domain: d.domain })];
  });
  return removed!;
}

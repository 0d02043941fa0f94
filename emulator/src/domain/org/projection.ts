// Org events -> the orgs and org_domains tables, and the instance's default org.

import type { Database } from "../../store/database.js";
import type { Projections } from "../../store/projections.js";
import { InstanceDefaultOrgSet } from "../instance/events.js";
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

export function registerOrgProjection(p: Projections): void {
  p.tables("orgs")
    .on(OrgAdded, (db, e) => {
      db.stmt("INSERT INTO orgs (id, instance_id, name, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, ?, ?)").run(
        e.aggregateId,
        e.instanceId,
        e.payload.name,
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
      // The first org of an instance is its default until another is set.
      db.stmt("UPDATE instances SET default_org_id = ? WHERE id = ? AND default_org_id IS NULL").run(e.aggregateId, e.instanceId);
      db.invalidateCache();
    })
    .on(OrgChanged, (db, e) => {
      db.stmt("UPDATE orgs SET name = COALESCE(?, name), changed_at = ?, sequence = ? WHERE instance_id = ? AND id = ?").run(
        e.payload.name ?? null,
        e.createdAt,
        e.aggregateSequence,
        e.instanceId,
        e.aggregateId,
      );
    })
    .on(OrgDeactivated, (db, e) => {
      db.stmt("UPDATE orgs SET active = 0, changed_at = ?, sequence = ? WHERE instance_id = ? AND id = ?").run(
        e.createdAt,
        e.aggregateSequence,
        e.instanceId,
        e.aggregateId,
      );
    })
    .on(OrgReactivated, (db, e) => {
      db.stmt("UPDATE orgs SET active = 1, changed_at = ?, sequence = ? WHERE instance_id = ? AND id = ?").run(
        e.createdAt,
        e.aggregateSequence,
        e.instanceId,
        e.aggregateId,
      );
    })
    .on(OrgRemoved, (db, e) => {
      db.stmt("DELETE FROM orgs WHERE instance_id = ? AND id = ?").run(e.instanceId, e.aggregateId);
    })
    .on(InstanceDefaultOrgSet, (db, e) => {
      db.stmt("UPDATE instances SET default_org_id = ? WHERE id = ?").run(e.payload.orgId, e.aggregateId);
      db.invalidateCache();
    });
}

export function registerOrgDomainProjection(p: Projections): void {
  const touch = (db: Database, instanceId: string, domain: string, at: string, seq: number) =>
    db.stmt("UPDATE org_domains SET changed_at = ?, sequence = ? WHERE instance_id = ? AND domain = ?").run(at, seq, instanceId, domain);
  p.tables("org_domains")
    .on(OrgDomainAdded, (db, e) => {
      db.stmt(
        "INSERT INTO org_domains (instance_id, domain, org_id, is_verified, is_primary, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, 0, ?, ?, ?)",
      ).run(e.instanceId, e.payload.domain, e.aggregateId, e.payload.verified ? 1 : 0, e.createdAt, e.createdAt, e.aggregateSequence);
    })
    .on(OrgDomainVerified, (db, e) => {
      db.stmt("UPDATE org_domains SET is_verified = 1, validation_type = ? WHERE instance_id = ? AND domain = ?").run(
        e.payload.validationType ?? 0,
        e.instanceId,
        e.payload.domain,
      );
      touch(db, e.instanceId, String(e.payload.domain), e.createdAt, e.aggregateSequence);
    })
    .on(OrgDomainPrimarySet, (db, e) => {
      db.stmt("UPDATE org_domains SET is_primary = (domain = ?) WHERE instance_id = ? AND org_id = ?").run(e.payload.domain, e.instanceId, e.aggregateId);
      touch(db, e.instanceId, String(e.payload.domain), e.createdAt, e.aggregateSequence);
    })
    .on(OrgDomainRemoved, (db, e) => {
      db.stmt("DELETE FROM org_domains WHERE instance_id = ? AND domain = ?").run(e.instanceId, e.payload.domain);
    });
}

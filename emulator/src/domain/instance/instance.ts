// Instances: the tenants of the emulator, found by the Host header among their domains. Each has
// feature flags (spec "Feature flags"); multitenancy_resources_api and multitenancy_settings are on
// by default in the emulator.

import type { Core } from "../core.js";
import type { Database } from "../../store/database.js";
import type { Projections } from "../../store/projections.js";

export const FEATURES = ["multitenancy_resources_api", "multitenancy_settings", "oidc_token_exchange", "impersonation"] as const;
export type Feature = (typeof FEATURES)[number];
export type Features = Record<Feature, boolean>;
/** The resource and settings APIs are on; token exchange and impersonation off, as in the product. */
export const DEFAULT_FEATURES: Features = { multitenancy_resources_api: true, multitenancy_settings: true, oidc_token_exchange: false, impersonation: false };

export interface Instance {
  id: string;
  name: string;
  isDefault: boolean;
  domains: string[];
  features: Features;
  blocked: boolean;
  auditLogRetentionMs: number | null;
  changedAt: string;
  sequence: number;
}

export function registerInstanceProjection(p: Projections): void {
  p.register(["instance_domains", "instances"], {
    "instance.added": (db, e) => {
      db.invalidateCache();
      db.stmt("INSERT INTO instances (id, name, is_default, features, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, ?, ?, ?)").run(
        e.aggregateId,
        e.payload.name,
        e.payload.isDefault ? 1 : 0,
        JSON.stringify(DEFAULT_FEATURES),
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    },
    "instance.domain.added": (db, e) => {
      db.stmt("INSERT INTO instance_domains (domain, instance_id, is_primary) VALUES (?, ?, ?)").run(
        String(e.payload.domain).toLowerCase(),
        e.aggregateId,
        e.payload.isPrimary ? 1 : 0,
      );
      touch(db, e.aggregateId, e.createdAt, e.aggregateSequence);
    },
    "instance.changed": (db, e) => {
      db.stmt("UPDATE instances SET name = COALESCE(?, name) WHERE id = ?").run(e.payload.name ?? null, e.aggregateId);
      touch(db, e.aggregateId, e.createdAt, e.aggregateSequence);
    },
    "instance.limits.set": (db, e) => {
      const p = e.payload as { block?: boolean; auditLogRetentionMs?: number | null };
      if (p.block !== undefined) db.stmt("UPDATE instances SET blocked = ? WHERE id = ?").run(p.block ? 1 : 0, e.aggregateId);
      if (p.auditLogRetentionMs !== undefined) db.stmt("UPDATE instances SET audit_log_retention_ms = ? WHERE id = ?").run(p.auditLogRetentionMs, e.aggregateId);
      touch(db, e.aggregateId, e.createdAt, e.aggregateSequence);
    },
    "instance.removed": (db, e) => {
      db.invalidateCache();
      db.stmt("DELETE FROM instances WHERE id = ?").run(e.aggregateId);
    },
    "instance.features.set": (db, e) => {
      const current = getInstance(db, e.aggregateId)!.features;
      db.stmt("UPDATE instances SET features = ? WHERE id = ?").run(JSON.stringify({ ...current, ...e.payload }), e.aggregateId);
      touch(db, e.aggregateId, e.createdAt, e.aggregateSequence);
    },
  });
}

function touch(db: Database, id: string, at: string, sequence: number): void {
  db.invalidateCache();
  db.stmt("UPDATE instances SET changed_at = ?, sequence = ? WHERE id = ?").run(at, sequence, id);
}

interface InstanceRow {
  id: string;
  name: string;
  is_default: number;
  features: string;
  blocked: number;
  audit_log_retention_ms: number | null;
  changed_at: string;
  sequence: number;
}

function fromRow(db: Database, r: InstanceRow): Instance {
  const domains = (db.stmt("SELECT domain FROM instance_domains WHERE instance_id = ? ORDER BY is_primary DESC, domain").all(r.id) as { domain: string }[]).map((d) => d.domain);
  return {
    id: r.id,
    name: r.name,
    isDefault: r.is_default === 1,
    domains,
    features: { ...DEFAULT_FEATURES, ...(JSON.parse(r.features) as Partial<Features>) },
    blocked: r.blocked === 1,
    auditLogRetentionMs: r.audit_log_retention_ms,
    changedAt: r.changed_at,
    sequence: r.sequence,
  };
}

export function getInstance(db: Database, id: string): Instance | undefined {
  const r = db.stmt("SELECT * FROM instances WHERE id = ?").get(id) as InstanceRow | undefined;
  return r && fromRow(db, r);
}

export function listInstances(db: Database): Instance[] {
  return (db.stmt("SELECT * FROM instances ORDER BY created_at, id").all() as InstanceRow[]).map((r) => fromRow(db, r));
}

export function defaultInstance(db: Database): Instance | undefined {
  const r = db.stmt("SELECT * FROM instances WHERE is_default = 1 LIMIT 1").get() as InstanceRow | undefined;
  return r && fromRow(db, r);
}

export function instanceByDomain(db: Database, domain: string): Instance | undefined {
  const r = db.stmt("SELECT i.* FROM instances i JOIN instance_domains d ON d.instance_id = i.id WHERE d.domain = ?").get(domain.toLowerCase()) as InstanceRow | undefined;
  return r && fromRow(db, r);
}

export function addInstance(core: Core, input: { id?: string; name: string; isDefault: boolean; domains: string[] }, creator: string): string {
  const id = input.id ?? core.ids.next();
  core.events.push([
    { instanceId: id, aggregateType: "instance", aggregateId: id, type: "instance.added", payload: { name: input.name, isDefault: input.isDefault }, creator, resourceOwner: id },
    ...input.domains.map((domain, i) => ({
      instanceId: id,
      aggregateType: "instance",
      aggregateId: id,
      type: "instance.domain.added",
      payload: { domain, isPrimary: i === 0 },
      creator,
      resourceOwner: id,
    })),
  ]);
  return id;
}

export function setFeatures(core: Core, instanceId: string, features: Partial<Features>, creator: string): void {
  core.events.push([{ instanceId, aggregateType: "instance", aggregateId: instanceId, type: "instance.features.set", payload: features, creator, resourceOwner: instanceId }]);
}

// Instance events -> the instances and instance_domains tables. Every change empties the Host
// lookup cache (domain/instance/by-host.ts).

import type { Database } from "../../store/database.js";
import type { Projections } from "../../store/projections.js";
import { InstanceAdded, InstanceChanged, InstanceDomainAdded, InstanceFeaturesSet, InstanceLimitsSet, InstanceRemoved } from "./events.js";
import { DEFAULT_FEATURES } from "./instance.js";
import { getInstance } from "./queries.js";

export function registerInstanceProjection(p: Projections): void {
  p.tables("instance_domains", "instances")
    .on(InstanceAdded, (db, e) => {
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
    })
    .on(InstanceDomainAdded, (db, e) => {
      db.stmt("INSERT INTO instance_domains (domain, instance_id, is_primary) VALUES (?, ?, ?)").run(
        String(e.payload.domain).toLowerCase(),
        e.aggregateId,
        e.payload.isPrimary ? 1 : 0,
      );
      touch(db, e.aggregateId, e.createdAt, e.aggregateSequence);
    })
    .on(InstanceChanged, (db, e) => {
      db.stmt("UPDATE instances SET name = COALESCE(?, name) WHERE id = ?").run(e.payload.name ?? null, e.aggregateId);
      touch(db, e.aggregateId, e.createdAt, e.aggregateSequence);
    })
    .on(InstanceLimitsSet, (db, e) => {
      const p = e.payload;
      if (p.block !== undefined) db.stmt("UPDATE instances SET blocked = ? WHERE id = ?").run(p.block ? 1 : 0, e.aggregateId);
      if (p.auditLogRetentionMs !== undefined)
        db.stmt("UPDATE instances SET audit_log_retention_ms = ? WHERE id = ?").run(p.auditLogRetentionMs, e.aggregateId);
      touch(db, e.aggregateId, e.createdAt, e.aggregateSequence);
    })
    .on(InstanceRemoved, (db, e) => {
      db.invalidateCache();
      db.stmt("DELETE FROM instances WHERE id = ?").run(e.aggregateId);
    })
    .on(InstanceFeaturesSet, (db, e) => {
      const current = getInstance(db, e.aggregateId)!.features;
      db.stmt("UPDATE instances SET features = ? WHERE id = ?").run(JSON.stringify({ ...current, ...e.payload }), e.aggregateId);
      touch(db, e.aggregateId, e.createdAt, e.aggregateSequence);
    });
}

function touch(db: Database, id: string, at: string, sequence: number): void {
  db.invalidateCache();
  db.stmt("UPDATE instances SET changed_at = ?, sequence = ? WHERE id = ?").run(at, sequence, id);
}

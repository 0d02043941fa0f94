// Reads of instances: by id, by one of their domains, the default one, all of them.

import type { Database } from "../../store/database.js";
import type { PageRequest } from "../../store/paged-search.js";
import { DEFAULT_FEATURES, type Features, type Instance, type InstanceRow } from "./instance.js";
import { hot } from "../../store/hot-statements.js";

/** Every request finds its instance by its host (hot). */
const DOMAINS_OF = hot("SELECT domain FROM instance_domains WHERE instance_id = ? ORDER BY is_primary DESC, domain");
const BY_DOMAIN = hot("SELECT i.* FROM instances i JOIN instance_domains d ON d.instance_id = i.id WHERE d.domain = ?");

function fromRow(db: Database, r: InstanceRow): Instance {
  const domains = (db.stmt(DOMAINS_OF).all(r.id) as { domain: string }[]).map((d) => d.domain);
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

/** The instance `id` names, or the default one when no id is given (the control API's optional `instanceId`; "" names no instance). */
export function namedOrDefaultInstance(db: Database, id: string | undefined): Instance | undefined {
  return id === undefined ? defaultInstance(db) : getInstance(db, id);
}

export function instanceByDomain(db: Database, domain: string): Instance | undefined {
  const r = db.stmt(BY_DOMAIN).get(domain.toLowerCase()) as InstanceRow | undefined;
  return r && fromRow(db, r);
}

export type InstanceFilter = { domain: string } | { ids: string[] };

/** One page of the instances (or only instance `only`), oldest first unless the page says otherwise. */
export function searchInstances(
  db: Database,
  only: string | undefined,
  filters: InstanceFilter[],
  page: PageRequest,
): { total: number; instances: Instance[] } {
  const all = listInstances(db).filter(
    (i) => (only === undefined || i.id === only) && filters.every((f) => ("domain" in f ? i.domains.includes(f.domain.toLowerCase()) : f.ids.includes(i.id))),
  );
  const ordered = page.asc ? all : [...all].reverse();
  return { total: all.length, instances: ordered.slice(page.offset, page.offset + page.limit) };
}

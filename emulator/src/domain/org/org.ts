// Organizations: the contexts below an instance that own users and, later, projects and apps.

import type { Core } from "../core.js";
import type { Database } from "../../store/database.js";
import type { Projections } from "../../store/projections.js";
import { generatedDomainEvents } from "./domains.js";

export interface Org {
  id: string;
  instanceId: string;
  name: string;
  createdAt: string;
  changedAt: string;
  sequence: number;
}

interface OrgRow {
  id: string;
  instance_id: string;
  name: string;
  created_at: string;
  changed_at: string;
  sequence: number;
}

export const orgFromRow = (r: OrgRow): Org => ({ id: r.id, instanceId: r.instance_id, name: r.name, createdAt: r.created_at, changedAt: r.changed_at, sequence: r.sequence });

export function defaultOrgId(db: Database, instanceId: string): string | undefined {
  return (db.stmt("SELECT default_org_id AS id FROM instances WHERE id = ?").get(instanceId) as { id: string | null } | undefined)?.id ?? undefined;
}

export function registerOrgProjection(p: Projections): void {
  p.register(["orgs"], {
    "org.added": (db, e) => {
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
    },
    "org.changed": (db, e) => {
      db.stmt("UPDATE orgs SET name = COALESCE(?, name), changed_at = ?, sequence = ? WHERE id = ?").run(e.payload.name ?? null, e.createdAt, e.aggregateSequence, e.aggregateId);
    },
    "org.removed": (db, e) => {
      db.stmt("DELETE FROM orgs WHERE id = ?").run(e.aggregateId);
    },
    "instance.default_org.set": (db, e) => {
      db.stmt("UPDATE instances SET default_org_id = ? WHERE id = ?").run(e.payload.orgId, e.aggregateId);
      db.invalidateCache();
    },
  });
}

export function getOrg(db: Database, instanceId: string, id: string): Org | undefined {
  const r = db.stmt("SELECT * FROM orgs WHERE instance_id = ? AND id = ?").get(instanceId, id) as OrgRow | undefined;
  return r && orgFromRow(r);
}

export function listOrgs(db: Database, instanceId: string): Org[] {
  return (db.stmt("SELECT * FROM orgs WHERE instance_id = ? ORDER BY created_at, id").all(instanceId) as OrgRow[]).map(orgFromRow);
}

export function addOrg(core: Core, instanceId: string, input: { id?: string; name: string }, creator: string): string {
  const id = input.id ?? core.ids.next();
  core.events.command(() => [
    { instanceId, aggregateType: "org", aggregateId: id, type: "org.added", payload: { name: input.name }, creator, resourceOwner: id },
    ...generatedDomainEvents(core.db, instanceId, id, input.name, creator),
  ]);
  return id;
}

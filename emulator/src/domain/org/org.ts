// Organizations: the contexts below an instance that own users and, later, projects and apps.

import type { Core } from "../../core.js";
import type { Database } from "../../store/database.js";
import type { Projections } from "../../store/projections.js";

export interface Org {
  id: string;
  instanceId: string;
  name: string;
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
    },
  });
}

export function getOrg(db: Database, instanceId: string, id: string): Org | undefined {
  const r = db.stmt("SELECT id, instance_id, name FROM orgs WHERE instance_id = ? AND id = ?").get(instanceId, id) as { id: string; instance_id: string; name: string } | undefined;
  return r && { id: r.id, instanceId: r.instance_id, name: r.name };
}

export function listOrgs(db: Database, instanceId: string): Org[] {
  const rows = db.stmt("SELECT id, instance_id, name FROM orgs WHERE instance_id = ? ORDER BY created_at, id").all(instanceId) as { id: string; instance_id: string; name: string }[];
  return rows.map((r) => ({ id: r.id, instanceId: r.instance_id, name: r.name }));
}

export function addOrg(core: Core, instanceId: string, input: { id?: string; name: string }, creator: string): string {
  const id = input.id ?? core.ids.next();
  core.events.push([{ instanceId, aggregateType: "org", aggregateId: id, type: "org.added", payload: { name: input.name }, creator, resourceOwner: id }]);
  return id;
}

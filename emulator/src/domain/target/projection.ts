// target.added / target.changed / target.removed -> the targets table (the signing key opened).

import type { Projections } from "../../store/projections.js";
import { unseal } from "../../store/sealed.js";
import { TargetAdded, TargetChanged, TargetRemoved } from "./events.js";

const bit = (v: unknown) => (v === undefined ? null : v ? 1 : 0);

export function registerTargetProjection(p: Projections): void {
  p.tables("targets")
    .on(TargetAdded, (db, e) => {
      const c = e.payload;
      db.stmt(
        `INSERT INTO targets (id, instance_id, name, target_type, url, timeout_ms, is_async, interrupt_on_error, signing_key, created_at, changed_at, sequence)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        e.aggregateId,
        e.instanceId,
        c.name,
        c.targetType,
        c.url,
        c.timeoutMs,
        c.isAsync ? 1 : 0,
        c.interruptOnError ? 1 : 0,
        unseal(db, c.signingKey) ?? "",
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    })
    .on(TargetChanged, (db, e) => {
      const c = e.payload;
      db.stmt(
        `UPDATE targets SET name = COALESCE(?, name), target_type = COALESCE(?, target_type), url = COALESCE(?, url),
           timeout_ms = COALESCE(?, timeout_ms), is_async = COALESCE(?, is_async), interrupt_on_error = COALESCE(?, interrupt_on_error),
           changed_at = ?, sequence = ? WHERE instance_id = ? AND id = ?`,
      ).run(
        c.name ?? null,
        c.targetType ?? null,
        c.url ?? null,
        c.timeoutMs ?? null,
        bit(c.isAsync),
        bit(c.interruptOnError),
        e.createdAt,
        e.aggregateSequence,
        e.instanceId,
        e.aggregateId,
      );
    })
    .on(TargetRemoved, (db, e) => {
      db.stmt("DELETE FROM targets WHERE id = ? AND instance_id = ?").run(e.aggregateId, e.instanceId);
    });
}

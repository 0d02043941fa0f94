// execution.set / execution.removed -> the executions table.

import type { Projections } from "../../store/projections.js";
import { EXECUTION_TYPE } from "./condition.js";
import { ExecutionRemoved, ExecutionSet } from "./events.js";

export function registerExecutionProjection(p: Projections): void {
  p.tables("executions")
    .on(ExecutionSet, (db, e) => {
      const condition = e.payload.condition;
      db.stmt(
        `INSERT INTO executions (instance_id, id, execution_type, condition, targets, includes, created_at, changed_at, sequence)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (instance_id, id) DO UPDATE SET targets = excluded.targets, includes = excluded.includes,
           changed_at = excluded.changed_at, sequence = excluded.sequence`,
      ).run(
        e.instanceId,
        e.aggregateId,
        EXECUTION_TYPE[condition.kind],
        JSON.stringify(condition),
        JSON.stringify(e.payload.targets),
        JSON.stringify(e.payload.includes),
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    })
    .on(ExecutionRemoved, (db, e) => {
      db.stmt("DELETE FROM executions WHERE instance_id = ? AND id = ?").run(e.instanceId, e.aggregateId);
    });
}

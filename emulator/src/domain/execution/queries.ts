// Reads of executions: by id, by what they call or include, and the search of SearchExecutions.

import type { Database } from "../../store/database.js";
import { inList, pagedSearch, type PageRequest } from "../../store/paged-search.js";
import type { Condition } from "./condition.js";
import { EXECUTION } from "./events.js";
import { hot } from "../../store/hot-statements.js";

/** Every rpc and every committed event asks for them (hot). */
const EXECUTION_IDS = hot("SELECT id FROM executions WHERE instance_id = ?");

export interface ExecutionState {
  id: string;
  instanceId: string;
  executionType: number;
  condition: Condition;
  targets: string[];
  includes: string[];
  createdAt: string;
  changedAt: string;
  sequence: number;
}

interface ExecutionRow {
  id: string;
  instance_id: string;
  execution_type: number;
  condition: string;
  targets: string;
  includes: string;
  created_at: string;
  changed_at: string;
  sequence: number;
}

function fromRow(r: ExecutionRow): ExecutionState {
  return {
    id: r.id,
    instanceId: r.instance_id,
    executionType: r.execution_type,
    condition: JSON.parse(r.condition) as Condition,
    targets: JSON.parse(r.targets) as string[],
    includes: JSON.parse(r.includes) as string[],
    createdAt: r.created_at,
    changedAt: r.changed_at,
    sequence: r.sequence,
  };
}

export function getExecution(db: Database, instanceId: string, id: string): ExecutionState | undefined {
  const r = db.stmt("SELECT * FROM executions WHERE instance_id = ? AND id = ?").get(instanceId, id) as ExecutionRow | undefined;
  return r && fromRow(r);
}

/**
 * The most specific of the candidate executions that exists: as in the product, the greatest id
 * (`request/<service>/<method>` sorts after `request/<service>`, `event/user.human.added` after
 * `event/user.human.*`, and every id after its kind alone).
 */
export function bestExecution(db: Database, instanceId: string, candidates: string[]): ExecutionState | undefined {
  // Every rpc and every committed event asks; most instances have no execution that can match, so
  // the ids of the instance's executions are cached until an execution event is projected.
  const ids = db.cachedFor([EXECUTION], `execution-ids:${instanceId}`, () => {
    const rows = db.stmt(EXECUTION_IDS).all(instanceId) as { id: string }[];
    return new Set(rows.map((r) => r.id));
  });
  if (!candidates.some((c) => ids.has(c))) return undefined;
  const args: unknown[] = [instanceId];
  const r = db.stmt(`SELECT * FROM executions WHERE instance_id = ? AND ${inList("id", candidates, args)} ORDER BY id DESC LIMIT 1`).get(...args) as
    | ExecutionRow
    | undefined;
  return r && fromRow(r);
}

export function executionsCallingTarget(db: Database, instanceId: string, targetId: string): ExecutionState[] {
  const rows = db
    .stmt("SELECT * FROM executions WHERE instance_id = ? AND EXISTS (SELECT 1 FROM json_each(targets) WHERE value = ?)")
    .all(instanceId, targetId) as ExecutionRow[];
  return rows.map(fromRow);
}

export function executionsIncluding(db: Database, instanceId: string, id: string): ExecutionState[] {
  const rows = db
    .stmt("SELECT * FROM executions WHERE instance_id = ? AND EXISTS (SELECT 1 FROM json_each(includes) WHERE value = ?)")
    .all(instanceId, id) as ExecutionRow[];
  return rows.map(fromRow);
}

export interface ExecutionSearch extends PageRequest {
  /** Each entry is one filter; all must hold. */
  idSets: string[][];
  types: number[];
  targetIds: string[];
  includeIds: string[];
}

export function searchExecutions(db: Database, instanceId: string, s: ExecutionSearch): { total: number; rows: ExecutionState[] } {
  const where = ["instance_id = ?"];
  const args: unknown[] = [instanceId];
  for (const ids of s.idSets) where.push(inList("id", ids, args));
  for (const t of s.types) where.push("execution_type = ?"), args.push(t);
  for (const t of s.targetIds) where.push("EXISTS (SELECT 1 FROM json_each(targets) WHERE value = ?)"), args.push(t);
  for (const i of s.includeIds) where.push("EXISTS (SELECT 1 FROM json_each(includes) WHERE value = ?)"), args.push(i);
  // Executions put in the same millisecond keep the order they were created in.
  const { total, rows } = pagedSearch<ExecutionRow>(db, "executions", where, args, "created_at", s, "rowid");
  return { total, rows: rows.map(fromRow) };
}

// Reads of targets: by id and the search of SearchTargets (filters, sorting, paging).

import type { Database } from "../../store/database.js";
import { inList, pagedSearch, type PageRequest } from "../../store/paged-search.js";
import { textCondition, type TextMatch } from "../../store/text-filter.js";
import type { TargetState } from "./target.js";

interface TargetRow {
  id: string;
  instance_id: string;
  name: string;
  target_type: TargetState["targetType"];
  url: string;
  timeout_ms: number;
  is_async: number;
  interrupt_on_error: number;
  signing_key: string;
  created_at: string;
  changed_at: string;
  sequence: number;
}

function fromRow(r: TargetRow): TargetState {
  return {
    id: r.id,
    instanceId: r.instance_id,
    name: r.name,
    targetType: r.target_type,
    url: r.url,
    timeoutMs: r.timeout_ms,
    isAsync: r.is_async === 1,
    interruptOnError: r.interrupt_on_error === 1,
    signingKey: r.signing_key,
    createdAt: r.created_at,
    changedAt: r.changed_at,
    sequence: r.sequence,
  };
}

export function getTarget(db: Database, instanceId: string, id: string): TargetState | undefined {
  const r = db.stmt("SELECT * FROM targets WHERE instance_id = ? AND id = ?").get(instanceId, id) as TargetRow | undefined;
  return r && fromRow(r);
}

export function getTargetByName(db: Database, instanceId: string, name: string): TargetState | undefined {
  const r = db.stmt("SELECT * FROM targets WHERE instance_id = ? AND name = ?").get(instanceId, name) as TargetRow | undefined;
  return r && fromRow(r);
}

export interface TargetSearch extends PageRequest {
  names: TextMatch[];
  idSets: string[][];
  /** A column of the targets table. */
  sortColumn: string;
}

export function searchTargets(db: Database, instanceId: string, s: TargetSearch): { total: number; rows: TargetState[] } {
  const where = ["instance_id = ?"];
  const args: unknown[] = [instanceId];
  for (const n of s.names) where.push(textCondition("name", n, args));
  for (const ids of s.idSets) where.push(inList("id", ids, args));
  const { total, rows } = pagedSearch<TargetRow>(db, "targets", where, args, s.sortColumn, s);
  return { total, rows: rows.map(fromRow) };
}

/** The URL and signing key of every target (of any instance) whose URL contains `text`; a narrowing by LIKE, callers check the URL exactly. */
export function targetKeysWithUrlContaining(db: Database, text: string): { key: string; url: string }[] {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.stmt("SELECT signing_key AS key, url FROM targets WHERE url LIKE ? ESCAPE '\\'").all(pattern) as { key: string; url: string }[];
}

// Reads of IDPs: by id, a context's state policy, the effective state in a context, the paged
// search of a context (spec Reusable 8), the IDPs a context owns, the policies a context set.

import type { Database } from "../../store/database.js";
import { pagedSearch, type PageRequest } from "../../store/paged-search.js";
import { textCondition, type TextMatch } from "../../store/text-filter.js";
import { contextChain, type Context } from "../context/context.js";
import { availableIn, idpFromRow, sameContext, type Idp, type IdpRow, type Policy, type State } from "./idp.js";

/** An IDP of the instance, or of the system (stored with instance_id 'SYSTEM'). */
export function getIdp(db: Database, instanceId: string, id: string): Idp | undefined {
  const r = db.stmt("SELECT * FROM idps WHERE instance_id IN (?, 'SYSTEM') AND id = ? ORDER BY instance_id = 'SYSTEM'").get(instanceId, id) as
    | IdpRow
    | undefined;
  return r && idpFromRow(r);
}

export function policyIn(db: Database, idp: Pick<Idp, "id" | "instanceId">, ctx: Context): Policy {
  const r = db
    .stmt("SELECT policy FROM idp_state_policies WHERE instance_id = ? AND idp_id = ? AND context_type = ? AND context_id = ?")
    .get(idp.instanceId, idp.id, ctx.type, ctx.id) as { policy: Policy } | undefined;
  return r?.policy ?? "inherit";
}

/** The effective state in a context where the IDP is available. */
export function effectiveState(db: Database, idp: Idp, ctx: Context): State {
  if (sameContext(ctx, idp.owner)) return idp.ownState;
  const policy = policyIn(db, idp, ctx);
  if (policy !== "inherit") return policy === "activate" ? "active" : "inactive";
  return effectiveState(db, idp, contextChain(ctx)[1]!);
}

/** The context an asking context sees an IDP from: itself where the IDP is available, else the IDP's owner (a child context's IDP). */
export const seenFrom = (idp: Idp, asking: Context): Context => (availableIn(idp, asking) ? asking : idp.owner);

/**
 * The SQL condition for the IDPs a search in `ctx` covers (spec Reusable 8): those of the context
 * itself, the inherited ones, and those defined in all child contexts.
 */
function scopeCondition(ctx: Context, args: unknown[]): string {
  // System-owned IDPs are stored with instance_id 'SYSTEM', so one IN uses the instance indexes.
  if (ctx.type === "system") return "1";
  if (ctx.type === "instance") {
    args.push(ctx.id);
    return "instance_id IN ('SYSTEM', ?)";
  }
  args.push(ctx.instanceId, ctx.id);
  return "instance_id IN ('SYSTEM', ?) AND (owner_type <> 'org' OR owner_id = ?)";
}

/** `state`: the effective state seen from the asking context; undefined (a state the API does not know) matches nothing. */
export type IdpFilter = { id: string } | { name: TextMatch } | { state: State | undefined };

/**
 * One page of the IDPs a search in `asking` covers, ordered by creation or by name. Scope, id and
 * name filters and paging run in SQL; a state filter (relative to the asking context) is applied to
 * the candidates in memory.
 */
export function searchIdps(db: Database, asking: Context, filters: IdpFilter[], page: PageRequest, byName: boolean): { total: number; idps: Idp[] } {
  const args: unknown[] = [];
  const where = [scopeCondition(asking, args)];
  const states: (State | undefined)[] = [];
  for (const f of filters) {
    if ("id" in f) where.push("id = ?"), args.push(f.id);
    else if ("name" in f) where.push(textCondition("name", f.name, args));
    else states.push(f.state);
  }
  const order = byName ? "name" : "created_at";
  if (!states.length) {
    const { total, rows } = pagedSearch<IdpRow>(db, "idps", where, args, order, page);
    return { total, idps: rows.map(idpFromRow) };
  }
  const dir = page.asc ? "ASC" : "DESC";
  const all = (db.stmt(`SELECT * FROM idps WHERE ${where.join(" AND ")} ORDER BY ${order} ${dir}, id ${dir}`).all(...args) as IdpRow[])
    .map(idpFromRow)
    .filter((idp) => states.every((s) => effectiveState(db, idp, seenFrom(idp, asking)) === s));
  return { total: all.length, idps: all.slice(page.offset, page.offset + page.limit) };
}

/** The IDPs a context owns, oldest first. */
export function idpsOwnedBy(db: Database, ctx: Context): Idp[] {
  return (
    db
      .stmt("SELECT * FROM idps WHERE instance_id = ? AND owner_type = ? AND owner_id = ? ORDER BY created_at, id")
      .all(ctx.instanceId ?? "SYSTEM", ctx.type, ctx.id) as IdpRow[]
  ).map(idpFromRow);
}

/** The state policies a context set for IDPs of the contexts above it (where it has none, it inherits). */
export function statePoliciesSetIn(db: Database, ctx: Context): { idpId: string; policy: Policy }[] {
  // A context's policies are stored in its instance (for its own IDPs) or in SYSTEM (for the system's).
  return db
    .stmt("SELECT idp_id AS idpId, policy FROM idp_state_policies WHERE instance_id IN (?, 'SYSTEM') AND context_type = ? AND context_id = ? ORDER BY idp_id")
    .all(ctx.instanceId ?? "SYSTEM", ctx.type, ctx.id) as {
    idpId: string;
    policy: Policy;
  }[];
}

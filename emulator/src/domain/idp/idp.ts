// Identity providers as reusable resources (spec "Reusable resources"): an IDP belongs to the
// context that created it and is available in every child context, even when inactive. Each child
// context has a state policy (inherit unless set); the effective state follows from the policies up
// the chain to the owner's own state (wire-facts 2, inferred rule).

import type { Database } from "../../store/database.js";
import type { Projections } from "../../store/projections.js";
import { contextChain, type Context, type ContextType } from "../context/context.js";

export type Policy = "activate" | "deactivate" | "inherit";
export type State = "active" | "inactive";

export interface Idp {
  id: string;
  instanceId: string;
  owner: Context;
  name: string;
  providerType: "gitlab";
  config: { clientId: string; scopes: string[] };
  options: { isLinkingAllowed: boolean; isCreationAllowed: boolean; isAutoCreation: boolean; isAutoUpdate: boolean; autoLinking: number };
  ownState: State;
  createdAt: string;
  changedAt: string;
  sequence: number;
}

export interface IdpRow {
  id: string;
  instance_id: string;
  owner_type: ContextType;
  owner_id: string;
  name: string;
  provider_type: "gitlab";
  config: string;
  options: string;
  own_state: State;
  created_at: string;
  changed_at: string;
  sequence: number;
}

export const idpFromRow = (r: IdpRow): Idp => ({
  id: r.id,
  instanceId: r.instance_id,
  owner: { type: r.owner_type, id: r.owner_id, ...(r.owner_type === "system" ? {} : { instanceId: r.instance_id }) },
  name: r.name,
  providerType: r.provider_type,
  config: JSON.parse(r.config) as Idp["config"],
  options: JSON.parse(r.options) as Idp["options"],
  ownState: r.own_state,
  createdAt: r.created_at,
  changedAt: r.changed_at,
  sequence: r.sequence,
});

export function registerIdpProjection(p: Projections): void {
  p.register(["idp_state_policies", "idps"], {
    "idp.added": (db, e) => {
      const x = e.payload as Record<string, unknown>;
      db.stmt("INSERT INTO idps (id, instance_id, owner_type, owner_id, name, provider_type, config, options, own_state, created_at, changed_at, sequence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").run(
        e.aggregateId,
        e.instanceId,
        x.ownerType,
        x.ownerId,
        x.name,
        x.providerType,
        JSON.stringify(x.config),
        JSON.stringify(x.options),
        x.ownState,
        e.createdAt,
        e.createdAt,
        e.aggregateSequence,
      );
    },
    "idp.changed": (db, e) => {
      const x = e.payload as Record<string, unknown>;
      db.stmt("UPDATE idps SET name = COALESCE(?, name), config = COALESCE(?, config), options = COALESCE(?, options), own_state = COALESCE(?, own_state), changed_at = ?, sequence = ? WHERE id = ?").run(
        x.name ?? null,
        x.config ? JSON.stringify(x.config) : null,
        x.options ? JSON.stringify(x.options) : null,
        x.ownState ?? null,
        e.createdAt,
        e.aggregateSequence,
        e.aggregateId,
      );
    },
    "idp.state_policy.set": (db, e) => {
      const { contextType, contextId, policy } = e.payload as { contextType: string; contextId: string; policy: Policy };
      if (policy === "inherit") db.stmt("DELETE FROM idp_state_policies WHERE idp_id = ? AND context_type = ? AND context_id = ?").run(e.aggregateId, contextType, contextId);
      else db.stmt("INSERT INTO idp_state_policies (idp_id, context_type, context_id, policy) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET policy = excluded.policy").run(e.aggregateId, contextType, contextId, policy);
      db.stmt("UPDATE idps SET changed_at = ?, sequence = ? WHERE id = ?").run(e.createdAt, e.aggregateSequence, e.aggregateId);
    },
    "idp.removed": (db, e) => {
      db.stmt("DELETE FROM idps WHERE id = ?").run(e.aggregateId);
    },
  });
}

export function getIdp(db: Database, id: string): Idp | undefined {
  const r = db.stmt("SELECT * FROM idps WHERE id = ?").get(id) as IdpRow | undefined;
  return r && idpFromRow(r);
}

export const sameContext = (a: Context, b: Context) => a.type === b.type && a.id === b.id;

/** Whether the IDP is available in `ctx`: its owner is `ctx` or a context above it. */
export function availableIn(idp: Idp, ctx: Context): boolean {
  return contextChain(ctx).some((c) => sameContext(c, idp.owner));
}

export function policyIn(db: Database, idpId: string, ctx: Context): Policy {
  const r = db.stmt("SELECT policy FROM idp_state_policies WHERE idp_id = ? AND context_type = ? AND context_id = ?").get(idpId, ctx.type, ctx.id) as { policy: Policy } | undefined;
  return r?.policy ?? "inherit";
}

/** The effective state in a context where the IDP is available. */
export function effectiveState(db: Database, idp: Idp, ctx: Context): State {
  if (sameContext(ctx, idp.owner)) return idp.ownState;
  const policy = policyIn(db, idp.id, ctx);
  if (policy !== "inherit") return policy === "activate" ? "active" : "inactive";
  return effectiveState(db, idp, contextChain(ctx)[1]!);
}

/**
 * The SQL condition for the IDPs a search in `ctx` covers (spec Reusable 8): those of the context
 * itself, the inherited ones, and those defined in all child contexts.
 */
export function scopeCondition(ctx: Context, args: unknown[]): string {
  // System-owned IDPs are stored with instance_id 'SYSTEM', so one IN uses the instance indexes.
  if (ctx.type === "system") return "1";
  if (ctx.type === "instance") {
    args.push(ctx.id);
    return "instance_id IN ('SYSTEM', ?)";
  }
  args.push(ctx.instanceId, ctx.id);
  return "instance_id IN ('SYSTEM', ?) AND (owner_type <> 'org' OR owner_id = ?)";
}

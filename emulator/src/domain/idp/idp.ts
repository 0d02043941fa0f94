// Identity providers as reusable resources (spec "Reusable resources"): an IDP belongs to the
// context that created it and is available in every child context, even when inactive. Each child
// context has a state policy (inherit unless set); the effective state follows from the policies up
// the chain to the owner's own state (wire-facts 2, inferred rule). The model; reads in queries.ts.

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

export const sameContext = (a: Context, b: Context) => a.type === b.type && a.id === b.id;

/** Whether the IDP is available in `ctx`: its owner is `ctx` or a context above it. */
export function availableIn(idp: Idp, ctx: Context): boolean {
  return contextChain(ctx).some((c) => sameContext(c, idp.owner));
}

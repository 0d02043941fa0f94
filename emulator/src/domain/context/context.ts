// Contexts (spec "Contexts form a hierarchy: system, instance, org"): what a RequestContext names,
// and the chain a setting is resolved along (org -> instance -> system).

import type { Database } from "../../store/database.js";
import { getInstance, instanceByDomain } from "../instance/instance.js";
import { getOrg, listOrgs } from "../org/org.js";

export type ContextType = "system" | "instance" | "org";

export interface Context {
  type: ContextType;
  id: string;
  /** The instance the context is in (the instance itself for an instance; none for the system). */
  instanceId?: string;
}

export const SYSTEM_CONTEXT: Context = { type: "system", id: "SYSTEM" };

/** The contexts a setting is looked up in, nearest first. */
export function contextChain(ctx: Context): Context[] {
  if (ctx.type === "system") return [ctx];
  const instance: Context = { type: "instance", id: ctx.instanceId!, instanceId: ctx.instanceId };
  return ctx.type === "org" ? [ctx, instance, SYSTEM_CONTEXT] : [instance, SYSTEM_CONTEXT];
}

export type ContextRef =
  | { case: "system" }
  | { case: "instanceId"; value: string }
  | { case: "instanceDomain"; value: string }
  | { case: "orgId"; value: string }
  | { case: "orgDomain"; value: string; primaryDomainOf: (orgId: string, instanceId: string) => string }
  | { case: undefined };

/** The context a request names; the request's instance when it names none. Undefined when it names nothing that exists. */
export function resolveContext(db: Database, requestInstanceId: string, ref: ContextRef): Context | undefined {
  switch (ref.case) {
    case "system":
      return SYSTEM_CONTEXT;
    case "instanceId":
      return getInstance(db, ref.value) ? { type: "instance", id: ref.value, instanceId: ref.value } : undefined;
    case "instanceDomain": {
      const i = instanceByDomain(db, ref.value);
      return i && { type: "instance", id: i.id, instanceId: i.id };
    }
    case "orgId": {
      const org = getOrg(db, requestInstanceId, ref.value);
      return org && { type: "org", id: org.id, instanceId: org.instanceId };
    }
    case "orgDomain": {
      const org = listOrgs(db, requestInstanceId).find((o) => ref.primaryDomainOf(o.id, o.instanceId) === ref.value.toLowerCase());
      return org && { type: "org", id: org.id, instanceId: org.instanceId };
    }
    default:
      return { type: "instance", id: requestInstanceId, instanceId: requestInstanceId };
  }
}

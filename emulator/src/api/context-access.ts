// The context a request names (its `ctx`), checked against the caller's instance, and who may change
// what a context owns (settings, reusable resources).

import { resolveContext, type Context, type ContextRef } from "../domain/context/context.js";
import { membershipsOf } from "../domain/membership/membership.js";
import { hasInstancePermission, rolesGrant } from "../auth/permissions.js";
import { OwnerType, type RequestContext } from "../gen/svc/object/v3alpha/object_pb.js";
import { orgPrimaryDomain } from "../oidc/claims.js";
import { Code, SvcError, notFound } from "../server/errors.js";
import type { RpcCall } from "./rpc.js";

const OWNER_TYPES = { system: OwnerType.SYSTEM, instance: OwnerType.INSTANCE, org: OwnerType.ORG } as const;
export const ownerOf = (c: Context) => ({ type: OWNER_TYPES[c.type], id: c.id });

/** The context of the request's `ctx`, checked: it exists, and is the caller's instance, one of its orgs, or the system. */
export function requestContext(call: RpcCall, ctx: RequestContext | undefined): Context {
  const o = ctx?.owner;
  const ref: ContextRef = o?.case === "orgDomain" ? { case: "orgDomain", value: o.value, primaryDomainOf: (id, inst) => orgPrimaryDomain(call.core, inst, id) } : ((o ?? { case: undefined }) as ContextRef);
  const context = resolveContext(call.core.db, call.instance.id, ref);
  if (!context) throw notFound("CONTEXT-not-found", `The context ${o?.case}=${String(o?.value)} does not exist`);
  if (context.type !== "system" && context.instanceId !== call.instance.id) {
    throw new SvcError(Code.PermissionDenied, "CONTEXT-other-instance", "No permission for the settings of another instance");
  }
  return context;
}

/**
 * Whether the caller may change what a context owns: system owners (role SYSTEM_OWNER) the system,
 * instance owners their instance and its orgs, org owners their org.
 */
export function mayWrite(call: RpcCall, ctx: Context): boolean {
  const userId = call.principal.user.id;
  if (ctx.type === "system") return membershipsOf(call.core.db, userId).some((m) => m.roles.includes("SYSTEM_OWNER"));
  if (hasInstancePermission(call.core.db, userId, call.instance.id, "iam.write")) return true;
  return ctx.type === "org" && membershipsOf(call.core.db, userId).some((m) => m.contextType === "org" && m.contextId === ctx.id && rolesGrant(m.roles, "org.write"));
}


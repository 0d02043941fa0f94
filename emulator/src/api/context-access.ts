// The context a request names (its `ctx`), checked against the caller's instance, and the check of
// a permission in a context (settings, reusable resources, memberships) on the one mechanism of
// api/authorization.ts.

import type { Context } from "../domain/context/context.js";
import { resolveContext, type ContextRef } from "../domain/context/queries.js";
import type { MemberContext } from "../domain/membership/membership.js";
import { getProject } from "../domain/project/queries.js";
import { getProjectGrant } from "../domain/project/queries.js";
import { isSystemOwner, type Target } from "../auth/permissions.js";
import { OwnerType, type RequestContext } from "../gen/svc/object/v3alpha/object_pb.js";
import { Code, SvcError, invalidArgument, notFound } from "../kernel/errors.js";
import { permits } from "./authorization.js";
import type { RpcCall } from "./rpc.js";

const OWNER_TYPES = {
  system: OwnerType.SYSTEM,
  instance: OwnerType.INSTANCE,
  org: OwnerType.ORG,
  project: OwnerType.PROJECT,
  project_grant: OwnerType.PROJECT_GRANT,
} as const;
export const ownerOf = (c: MemberContext) => ({ type: OWNER_TYPES[c.type], id: c.id });

/** The context of the request's `ctx`, checked: it exists, and is the caller's instance, one of its orgs, or the system. */
export function requestContext(call: RpcCall, ctx: RequestContext | undefined): Context {
  const o = ctx?.owner;
  if (o?.case === "projectId" || o?.case === "projectGrantId")
    throw invalidArgument("CONTEXT-members-only", "A project or a project grant is a context of memberships only; name the system, an instance or an org");
  const context = resolveContext(call.core, call.instance.id, (o ?? { case: undefined }) as ContextRef);
  if (!context) throw notFound("CONTEXT-not-found", `The context ${o?.case}=${String(o?.value)} does not exist`);
  if (context.type !== "system" && context.instanceId !== call.instance.id) {
    throw new SvcError(Code.PermissionDenied, "CONTEXT-other-instance", "No permission for the settings of another instance");
  }
  return context;
}

/** The context of a membership request: also a project or a project grant of the caller's instance. */
export function memberContext(call: RpcCall, ctx: RequestContext | undefined): MemberContext {
  const o = ctx?.owner;
  const instanceId = call.instance.id;
  if (o?.case === "projectId") {
    const p = getProject(call.core.db, call.instance.id, o.value);
    if (!p || p.instanceId !== instanceId) throw notFound("CONTEXT-not-found", `The context projectId=${o.value} does not exist`);
    return { type: "project", id: p.id, instanceId, orgId: p.orgId, projectId: p.id };
  }
  if (o?.case === "projectGrantId") {
    const g = getProjectGrant(call.core.db, instanceId, o.value);
    if (!g) throw notFound("CONTEXT-not-found", `The context projectGrantId=${o.value} does not exist`);
    return { type: "project_grant", id: g.id, instanceId, orgId: g.orgId, projectId: g.projectId };
  }
  return requestContext(call, ctx);
}

/** Where a context is, as a permission target: the instance itself, an org, a project, a project grant. */
export function targetOfContext(ctx: MemberContext): Target {
  if (ctx.type === "org") return { orgId: ctx.id };
  if (ctx.type === "project") return { orgId: ctx.orgId, projectId: ctx.id };
  if (ctx.type === "project_grant") return { orgId: ctx.orgId, projectId: ctx.projectId, grantId: ctx.id };
  return {};
}

/**
 * PermissionDenied unless the caller holds `permission` in the context: the system's own resources
 * and settings are written by system owners only and read by whoever holds the permission on the
 * whole instance (the system's are available there); the other contexts as their target.
 * `what` names what is refused ("change the settings"), for the message.
 */
export function authorizeContext(call: RpcCall, ctx: MemberContext, what: string, permission = call.permission): void {
  const systemWrite = ctx.type === "system" && !permission.endsWith(".read");
  const allowed = permits(call, targetOfContext(ctx), permission) && (!systemWrite || isSystemOwner(call.core.db, call.principal.user));
  if (!allowed)
    throw new SvcError(
      Code.PermissionDenied,
      "AUTHZ-context",
      `No permission to ${what} of the ${ctx.type} context (needs ${systemWrite ? "SYSTEM_OWNER" : permission})`,
    );
}

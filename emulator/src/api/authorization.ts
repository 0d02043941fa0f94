// The one permission check of the resource API, where the resource is (spec "Authentication" 3, 4;
// "Standard resources" 2). The pipeline lets a caller through who holds the rpc's permission
// anywhere (instance, an org, a project, a project grant); the handler then names the resource's
// place (`Target`) and checks it here, or filters a search to the places the caller may read.
// Every check marks the call, so the pipeline can tell a handler that forgot it.

import { covers, permissionScope, type PermissionScope, type Target } from "../auth/permissions.js";
import { inList } from "../store/paged-search.js";
import { Code, SvcError } from "../kernel/errors.js";
import type { PlaceColumns, Readable } from "../domain/readable.js";
import type { RpcCall } from "./rpc.js";

/** The caller's scope of `permission` (the rpc's own by default), computed once per call. */
export function scopeOf(call: RpcCall, permission = call.permission): PermissionScope {
  const cache = (call.scopes ??= new Map());
  let scope = cache.get(permission);
  if (!scope) cache.set(permission, (scope = permissionScope(call.core.db, call.principal.user, call.instance.id, permission)));
  return scope;
}

export const permissionDenied = (permission: string) =>
  new SvcError(Code.PermissionDenied, "AUTHZ-HKJD33", `No matching permissions found (needs ${permission})`);

/** Whether the caller holds `permission` on a resource at `target` ({} = the instance itself). */
export function permits(call: RpcCall, target: Target, permission = call.permission): boolean {
  call.authorized = true;
  return covers(scopeOf(call, permission), target);
}

/**
 * PermissionDenied unless the caller holds `permission` at `target`. Handlers call it after loading
 * the resource, so a missing resource is NotFound and an existing one outside the caller's reach
 * is PermissionDenied, as the product's services answer.
 */
export function authorize(call: RpcCall, target: Target, permission = call.permission): void {
  if (!permits(call, target, permission)) throw permissionDenied(permission);
}

/** A predicate keeping what the caller may read, for searches filtered in memory. */
export function readablePredicate(call: RpcCall, permission = call.permission): (target: Target) => boolean {
  call.authorized = true;
  const scope = scopeOf(call, permission);
  return (target) => covers(scope, target);
}

export type { PlaceColumns } from "../domain/readable.js";

/** A WHERE condition keeping only rows the caller may read (the rpc's permission by default). */
export function readableCondition(call: RpcCall, columns: PlaceColumns, args: unknown[], permission = call.permission): string {
  call.authorized = true;
  const s = scopeOf(call, permission);
  if (s.instance) return "1 = 1";
  const parts: string[] = [];
  if (columns.org && s.orgs.length) parts.push(inList(columns.org, s.orgs, args));
  if (columns.project && s.projects.length) parts.push(inList(columns.project, s.projects, args));
  if (columns.grant && s.grants.length) parts.push(inList(columns.grant, s.grants, args));
  return parts.length ? `(${parts.join(" OR ")})` : "1 = 0";
}

/** `readableCondition` as the domain's searches take it (domain/readable.ts). */
export const readableBy =
  (call: RpcCall, permission = call.permission): Readable =>
  (columns, args) =>
    readableCondition(call, columns, args, permission);

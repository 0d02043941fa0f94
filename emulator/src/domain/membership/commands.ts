// Membership commands of SvcMemberships: a user's roles in a context (system, instance, org,
// project, project grant); context and user together are unique; the roles must be ones the context's type offers; the user must be of the instance.

import type { Actor, Core } from "../core.js";
import { ROLES_BY_CONTEXT } from "../../auth/permissions.js";
import { alreadyExists, invalidArgument, notFound } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event-store.js";
import { getUser } from "../user/queries.js";
import { getMembership, membershipEvent, type ContextType, type MemberContext, type Membership } from "./membership.js";

function checkRoles(type: ContextType, roles: string[]): void {
  const unknown = roles.find((r) => !ROLES_BY_CONTEXT[type].includes(r));
  if (unknown) throw invalidArgument("MEMBER-role-unknown", `Role ${unknown} is not available in the ${type} context (available: ${ROLES_BY_CONTEXT[type].join(", ")})`);
}

export function foundMembership(core: Core, actor: Actor, id: string): Membership {
  const m = getMembership(core.db, id);
  const user = m && getUser(core.db, m.userId);
  if (!m || !user || user.instanceId !== actor.instanceId) throw notFound("MEMBER-not-found", "Membership not found");
  return m;
}

export function createMembership(core: Core, actor: Actor, ctx: MemberContext, userId: string, roles: string[]): StoredEvent {
  const [added] = core.events.command(() => {
    const user = getUser(core.db, userId);
    if (!user || user.instanceId !== actor.instanceId) throw notFound("USER-not-found", "User could not be found");
    checkRoles(ctx.type, roles);
    const m = { contextType: ctx.type, contextId: ctx.id, userId, roles: [...new Set(roles)] };
    if (getMembership(core.db, `${ctx.type}.${ctx.id}.${userId}`)) throw alreadyExists("MEMBER-exists", "The user is already a member of this context; patch the membership");
    return [membershipEvent(actor.instanceId, m, "added", actor.userId)];
  });
  return added!;
}

export function changeMembership(core: Core, actor: Actor, id: string, roles: string[]): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const m = foundMembership(core, actor, id);
    checkRoles(m.contextType, roles);
    const next = [...new Set(roles)];
    if (next.length === m.roles.length && next.every((r, i) => r === m.roles[i])) return [];
    return [membershipEvent(actor.instanceId, { ...m, roles: next }, "changed", actor.userId)];
  });
  return changed;
}

export function removeMembership(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => [membershipEvent(actor.instanceId, foundMembership(core, actor, id), "removed", actor.userId)]);
  return removed!;
}

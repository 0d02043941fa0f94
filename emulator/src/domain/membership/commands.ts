// Membership commands of SvcMemberships: a user's roles in a context (system, instance, org,
// project, project grant); context and user together are unique; the roles must be ones the
// context's type offers; the user must be of the instance.

import type { Actor, Core } from "../core.js";
import { alreadyExists, invalidArgument, notFound } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event.js";
import { getUser } from "../user/queries.js";
import { MemberAdded, MemberChanged, MemberRemoved } from "./events.js";
import { membershipId, type ContextType, type MemberContext, type Membership } from "./membership.js";
import { getMembership } from "./queries.js";
import { KNOWN_ROLES, ROLES_BY_CONTEXT } from "./roles.js";

function checkRoles(type: ContextType, roles: string[], anyKnownRole: boolean): void {
  const available = anyKnownRole ? KNOWN_ROLES : ROLES_BY_CONTEXT[type];
  const unknown = roles.find((r) => !available.includes(r));
  if (unknown) throw invalidArgument("MEMBER-role-unknown", `Role ${unknown} is not available in the ${type} context (available: ${available.join(", ")})`);
}

const payload = (m: Membership) => ({ contextType: m.contextType, contextId: m.contextId, userId: m.userId, roles: m.roles });

export function foundMembership(core: Core, actor: Actor, id: string): Membership {
  const m = getMembership(core.db, actor.instanceId, id);
  const user = m && getUser(core.db, actor.instanceId, m.userId);
  if (!m || !user || user.instanceId !== actor.instanceId) throw notFound("MEMBER-not-found", "Membership not found");
  return m;
}

/**
 * `opts.anyKnownRole`: accept every known role in any context. The fixture format has no system
 * members, so a fixture makes a system owner by giving SYSTEM_OWNER in an instance membership.
 */
export function createMembership(
  core: Core,
  actor: Actor,
  ctx: MemberContext,
  userId: string,
  roles: string[],
  opts: { anyKnownRole?: boolean } = {},
): StoredEvent {
  const [added] = core.events.command(() => {
    const user = getUser(core.db, actor.instanceId, userId);
    if (!user || user.instanceId !== actor.instanceId) throw notFound("USER-not-found", "User could not be found");
    checkRoles(ctx.type, roles, opts.anyKnownRole ?? false);
    const m = { contextType: ctx.type, contextId: ctx.id, userId, roles: [...new Set(roles)] };
    if (getMembership(core.db, actor.instanceId, membershipId(m)))
      throw alreadyExists("MEMBER-exists", "The user is already a member of this context; patch the membership");
    return [MemberAdded[ctx.type].event(actor, ctx.id, ctx.id, payload(m))];
  });
  return added!;
}

export function changeMembership(core: Core, actor: Actor, id: string, roles: string[]): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const m = foundMembership(core, actor, id);
    checkRoles(m.contextType, roles, false);
    const next = [...new Set(roles)];
    if (next.length === m.roles.length && next.every((r, i) => r === m.roles[i])) return [];
    return [MemberChanged[m.contextType].event(actor, m.contextId, m.contextId, payload({ ...m, roles: next }))];
  });
  return changed;
}

export function removeMembership(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => {
    const m = foundMembership(core, actor, id);
    return [MemberRemoved[m.contextType].event(actor, m.contextId, m.contextId, payload(m))];
  });
  return removed!;
}

// User grant commands of SvcGrants: a user's roles on a project (one grant per user and project);
// the roles must exist in the project. The grant belongs to the project's org. A given id (seed,
// import) is kept.

import type { Actor, Core, GivenId } from "../core.js";
import { alreadyExists, invalidArgument, notFound } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event-store.js";
import { getProject, projectRoleKeys } from "../project/queries.js";
import { getUser } from "../user/queries.js";
import { UserGrantAdded, UserGrantChanged, UserGrantRemoved } from "./events.js";
import { getUserGrant, grantsOfUser } from "./queries.js";
import type { UserGrant } from "./user-grant.js";

export function foundGrant(core: Core, actor: Actor, id: string): Required<UserGrant> {
  const g = getUserGrant(core.db, actor.instanceId, id);
  if (!g) throw notFound("GRANT-not-found", "User grant not found");
  return g;
}

function checkRoles(core: Core, actor: Actor, projectId: string, roles: string[]): void {
  const known = projectRoleKeys(core.db, actor.instanceId, projectId);
  const unknown = roles.find((r) => !known.includes(r));
  if (unknown) throw invalidArgument("GRANT-unknown-role", `The project has no role ${JSON.stringify(unknown)}`);
}

export function createGrant(core: Core, actor: Actor, input: { userId: string; projectId: string; roles: string[] }, opts: GivenId = {}): Required<UserGrant> {
  const [added] = core.events.command(() => {
    const user = getUser(core.db, actor.instanceId, input.userId);
    if (!user || user.instanceId !== actor.instanceId) throw notFound("USER-not-found", "User could not be found");
    const project = getProject(core.db, actor.instanceId, input.projectId);
    if (!project || project.instanceId !== actor.instanceId) throw notFound("PROJECT-not-found", "Project not found");
    checkRoles(core, actor, project.id, input.roles);
    if (grantsOfUser(core.db, actor.instanceId, user.id).some((g) => g.projectId === project.id))
      throw alreadyExists("GRANT-exists", "The user already has a grant on this project; patch it");
    return [UserGrantAdded.event(actor, opts.id ?? core.ids.next(), project.orgId, { ...input, roles: [...new Set(input.roles)] })];
  });
  return getUserGrant(core.db, actor.instanceId, added!.aggregateId)!;
}

export function changeGrantRoles(core: Core, actor: Actor, id: string, roles: string[]): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const g = foundGrant(core, actor, id);
    checkRoles(core, actor, g.projectId, roles);
    const next = [...new Set(roles)];
    if (next.length === g.roles.length && next.every((r, i) => r === g.roles[i])) return [];
    return [UserGrantChanged.event(actor, g.id, g.orgId, { roles: next })];
  });
  return changed;
}

export function removeGrant(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => {
    const g = foundGrant(core, actor, id);
    return [UserGrantRemoved.event(actor, g.id, g.orgId, {})];
  });
  return removed!;
}

// Project commands of SvcProjects: create in an org, change settings, remove, add and remove roles.
// Removing a role also takes it out of every user grant of the project.

import type { Actor, Core } from "../core.js";
import { alreadyExists, notFound } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event-store.js";
import { getOrg } from "../org/queries.js";
import { grantsOfProject } from "../user-grant/user-grant.js";
import { addProject, getProject, projectRoles, type Project, type ProjectInput } from "./project.js";
import { projectGrantsWithRole } from "./grants.js";

export type ProjectSettings = Pick<Project, "name" | "roleAssertion" | "roleCheck" | "hasProjectCheck">;

const projectNotFound = () => notFound("PROJECT-not-found", "Project not found");

function event(actor: Actor, p: Pick<Project, "id" | "orgId">, type: string, payload: Record<string, unknown>) {
  return { instanceId: actor.instanceId, aggregateType: "project", aggregateId: p.id, type, payload, creator: actor.userId, resourceOwner: p.orgId };
}

export function found(core: Core, actor: Actor, id: string): Project {
  const p = getProject(core.db, id);
  if (!p || p.instanceId !== actor.instanceId) throw projectNotFound();
  return p;
}

export function createProject(core: Core, actor: Actor, orgId: string, input: ProjectInput): Project {
  if (!getOrg(core.db, actor.instanceId, orgId)) throw notFound("ORG-not-found", "Organization not found");
  const id = addProject(core, actor.instanceId, orgId, input, actor.userId);
  return getProject(core.db, id)!;
}

export function changeProject(core: Core, actor: Actor, id: string, patch: Partial<ProjectSettings>): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const current = found(core, actor, id);
    const diff = Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && v !== current[k as keyof ProjectSettings]));
    return Object.keys(diff).length ? [event(actor, current, "project.changed", diff)] : [];
  });
  return changed;
}

export function removeProject(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => [event(actor, found(core, actor, id), "project.removed", {})]);
  return removed!;
}

export function addRole(core: Core, actor: Actor, projectId: string, role: { key: string; displayName: string; group: string }): StoredEvent {
  const [added] = core.events.command(() => {
    const p = found(core, actor, projectId);
    if (projectRoles(core.db, projectId).some((r) => r.key === role.key)) throw alreadyExists("PROJECT-role-exists", `The project already has a role ${JSON.stringify(role.key)}`);
    return [event(actor, p, "project.role.added", { key: role.key, displayName: role.displayName || role.key, group: role.group })];
  });
  return added!;
}

export function removeRole(core: Core, actor: Actor, projectId: string, key: string): StoredEvent {
  const [removed] = core.events.command(() => {
    const p = found(core, actor, projectId);
    if (!projectRoles(core.db, projectId).some((r) => r.key === key)) throw notFound("PROJECT-role-not-found", `The project has no role ${JSON.stringify(key)}`);
    const grants = grantsOfProject(core.db, projectId).filter((g) => g.roles.includes(key));
    return [
      event(actor, p, "project.role.removed", { key }),
      ...projectGrantsWithRole(core.db, projectId, key).map((g) => event(actor, p, "project.grant.changed", { grantId: g.id, roles: g.roles.filter((r) => r !== key) })),
      ...grants.map((g) => ({ instanceId: actor.instanceId, aggregateType: "usergrant", aggregateId: g.id, type: "user.grant.changed", payload: { roles: g.roles.filter((r) => r !== key) }, creator: actor.userId, resourceOwner: g.orgId })),
    ];
  });
  return removed!;
}

export function changeRole(core: Core, actor: Actor, projectId: string, key: string, patch: { displayName?: string; group?: string }): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const p = found(core, actor, projectId);
    const role = projectRoles(core.db, projectId).find((r) => r.key === key);
    if (!role) throw notFound("PROJECT-role-not-found", `The project has no role ${JSON.stringify(key)}`);
    const diff = Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && v !== role[k as "displayName" | "group"]));
    return Object.keys(diff).length ? [event(actor, p, "project.role.changed", { key, ...diff })] : [];
  });
  return changed;
}

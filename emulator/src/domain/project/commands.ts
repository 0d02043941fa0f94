// Project commands of SvcProjects and SvcGrants: create a project in an org (with its roles), change
// its settings, remove it; add, change and remove roles (a removed role leaves every project grant
// and user grant of the project too); grant the project to another org with some of its roles.

import type { Actor, Core, GivenId } from "../core.js";
import { alreadyExists, failedPrecondition, invalidArgument, notFound } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event-store.js";
import { getOrg } from "../org/queries.js";
import { UserGrantChanged } from "../user-grant/events.js";
import { grantsOfProject } from "../user-grant/queries.js";
import {
  ProjectGrantAdded,
  ProjectGrantChanged,
  ProjectGrantRemoved,
  ProjectAdded,
  ProjectChanged,
  ProjectRemoved,
  ProjectRoleAdded,
  ProjectRoleChanged,
  ProjectRoleRemoved,
} from "./events.js";
import type { Project, ProjectInput, ProjectSettings } from "./project.js";
import { foundProject, foundProjectGrant, getProject, projectGrantedTo, projectGrantsWithRole, projectRoleKeys, projectRoles } from "./queries.js";

/** Creates a project, with the roles given; `opts.id` keeps a given id (seed, import). */
export function createProject(core: Core, actor: Actor, orgId: string, input: ProjectInput, opts: GivenId = {}): Project {
  let id = "";
  core.events.command(() => {
    if (!getOrg(core.db, actor.instanceId, orgId)) throw notFound("ORG-not-found", "Organization not found");
    if (opts.id && getProject(core.db, actor.instanceId, opts.id)) throw alreadyExists("PROJECT-exists", `A project with the id ${opts.id} already exists`);
    id = opts.id ?? core.ids.next();
    return [
      ProjectAdded.event(actor, id, orgId, {
        name: input.name,
        roleAssertion: !!input.roleAssertion,
        roleCheck: !!input.roleCheck,
        hasProjectCheck: !!input.hasProjectCheck,
      }),
      ...(input.roles ?? []).map((r) => ProjectRoleAdded.event(actor, id, orgId, { key: r.key, displayName: r.displayName ?? r.key, group: r.group ?? "" })),
    ];
  });
  return getProject(core.db, actor.instanceId, id)!;
}

export function changeProject(core: Core, actor: Actor, id: string, patch: Partial<ProjectSettings>): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const current = foundProject(core, actor, id);
    const diff = Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && v !== current[k as keyof ProjectSettings]));
    return Object.keys(diff).length ? [ProjectChanged.event(actor, current.id, current.orgId, diff)] : [];
  });
  return changed;
}

export function removeProject(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => {
    const p = foundProject(core, actor, id);
    return [ProjectRemoved.event(actor, p.id, p.orgId, {})];
  });
  return removed!;
}

export function addRole(core: Core, actor: Actor, projectId: string, role: { key: string; displayName: string; group: string }): StoredEvent {
  const [added] = core.events.command(() => {
    const p = foundProject(core, actor, projectId);
    if (projectRoles(core.db, actor.instanceId, projectId).some((r) => r.key === role.key))
      throw alreadyExists("PROJECT-role-exists", `The project already has a role ${JSON.stringify(role.key)}`);
    return [ProjectRoleAdded.event(actor, p.id, p.orgId, { key: role.key, displayName: role.displayName || role.key, group: role.group })];
  });
  return added!;
}

const roleNotFound = (key: string) => notFound("PROJECT-role-not-found", `The project has no role ${JSON.stringify(key)}`);

export function removeRole(core: Core, actor: Actor, projectId: string, key: string): StoredEvent {
  const [removed] = core.events.command(() => {
    const p = foundProject(core, actor, projectId);
    if (!projectRoles(core.db, actor.instanceId, projectId).some((r) => r.key === key)) throw roleNotFound(key);
    const grants = grantsOfProject(core.db, actor.instanceId, projectId).filter((g) => g.roles.includes(key));
    return [
      ProjectRoleRemoved.event(actor, p.id, p.orgId, { key }),
      ...projectGrantsWithRole(core.db, actor.instanceId, projectId, key).map((g) =>
        ProjectGrantChanged.event(actor, p.id, p.orgId, { grantId: g.id, roles: g.roles.filter((r) => r !== key) }),
      ),
      ...grants.map((g) => UserGrantChanged.event(actor, g.id, g.orgId, { roles: g.roles.filter((r) => r !== key) })),
    ];
  });
  return removed!;
}

export function changeRole(core: Core, actor: Actor, projectId: string, key: string, patch: { displayName?: string; group?: string }): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const p = foundProject(core, actor, projectId);
    const role = projectRoles(core.db, actor.instanceId, projectId).find((r) => r.key === key);
    if (!role) throw roleNotFound(key);
    const diff = Object.fromEntries(Object.entries(patch).filter(([k, v]) => v !== undefined && v !== role[k as "displayName" | "group"]));
    return Object.keys(diff).length ? [ProjectRoleChanged.event(actor, p.id, p.orgId, { key, ...diff })] : [];
  });
  return changed;
}

function checkRoles(core: Core, actor: Actor, projectId: string, roles: string[]): void {
  const known = projectRoleKeys(core.db, actor.instanceId, projectId);
  const unknown = roles.find((r) => !known.includes(r));
  if (unknown) throw invalidArgument("GRANT-unknown-role", `The project has no role ${JSON.stringify(unknown)}`);
}

/** Grants a project to another org (one grant per project and org); returns the grant's id. */
export function createProjectGrant(core: Core, actor: Actor, input: { projectId: string; grantedOrgId: string; roles: string[] }, opts: GivenId = {}): string {
  const grantId = opts.id ?? core.ids.next();
  core.events.command(() => {
    const project = foundProject(core, actor, input.projectId);
    if (!getOrg(core.db, actor.instanceId, input.grantedOrgId)) throw notFound("ORG-not-found", "Organization not found");
    if (input.grantedOrgId === project.orgId) throw failedPrecondition("PROJECT-grant-own-org", "A project cannot be granted to the org that owns it");
    checkRoles(core, actor, project.id, input.roles);
    if (projectGrantedTo(core.db, actor.instanceId, project.id, input.grantedOrgId))
      throw alreadyExists("PROJECT-grant-exists", "The project is already granted to this org; patch the grant");
    return [ProjectGrantAdded.event(actor, project.id, project.orgId, { grantId, grantedOrgId: input.grantedOrgId, roles: [...new Set(input.roles)] })];
  });
  return grantId;
}

export function changeProjectGrant(core: Core, actor: Actor, id: string, roles: string[]): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const g = foundProjectGrant(core, actor, id);
    checkRoles(core, actor, g.projectId, roles);
    const next = [...new Set(roles)];
    if (next.length === g.roles.length && next.every((r, i) => r === g.roles[i])) return [];
    return [ProjectGrantChanged.event(actor, g.projectId, g.orgId, { grantId: id, roles: next })];
  });
  return changed;
}

export function removeProjectGrant(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => {
    const g = foundProjectGrant(core, actor, id);
    return [ProjectGrantRemoved.event(actor, g.projectId, g.orgId, { grantId: id })];
  });
  return removed!;
}

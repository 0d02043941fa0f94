// SvcGrants: user grants and project grants.

import { changeGrantRoles, createGrant, foundGrant, removeGrant } from "../../domain/user-grant/commands.js";
import { searchUserGrants, type UserGrantFilter } from "../../domain/user-grant/queries.js";
import type { UserGrant } from "../../domain/user-grant/user-grant.js";
import { SvcGrants } from "../../gen/svc/resources/grant/v3alpha/grant_service_pb.js";
import { addRole, changeProjectGrant, changeRole, createProjectGrant, removeProjectGrant, removeRole } from "../../domain/project/commands.js";
import type { ProjectGrant } from "../../domain/project/project.js";
import { foundProject, foundProjectGrant, grantOfUserGrant, searchProjectGrants, searchRoles } from "../../domain/project/queries.js";
import { authorize, readableBy } from "../authorization.js";
import { orgResourceDetails, listDetails, pageOf } from "../details.js";
import { checkedProject } from "../projects/service.js";
import { actorOf, defineService, type RpcCall, type ServiceDefinition } from "../rpc.js";

const projectGrantMessage = (g: ProjectGrant) => ({
  details: orgResourceDetails(g.id, g.orgId, g.sequence, g.changedAt),
  grant: { projectId: g.projectId, grantedOrgId: g.grantedOrgId, roleKeys: g.roles },
});

const grantMessage = (g: Required<UserGrant>) => ({
  details: orgResourceDetails(g.id, g.orgId, g.sequence, g.changedAt),
  grant: { userId: g.userId, projectId: g.projectId, roleKeys: g.roles },
});

/** Where a user grant is: its project, its org, and the project grant it is made under, if any. */
function userGrantTarget(call: RpcCall, g: { orgId: string; projectId: string; userId: string }) {
  return { orgId: g.orgId, projectId: g.projectId, grantId: grantOfUserGrant(call.core.db, call.instance.id, g) };
}

/** The user grant, found, after checking the rpc's permission where it is. */
function checkedGrant(call: RpcCall, id: string): Required<UserGrant> {
  const g = foundGrant(call.core, actorOf(call), id);
  authorize(call, userGrantTarget(call, g));
  return g;
}

/** The project grant, found, after checking the rpc's permission on it. */
function checkedProjectGrant(call: RpcCall, id: string): ProjectGrant {
  const g = foundProjectGrant(call.core, actorOf(call), id);
  authorize(call, { orgId: g.orgId, projectId: g.projectId, grantId: g.id });
  return g;
}

export function grantsService(): ServiceDefinition {
  return defineService(SvcGrants, "multitenancy_resources_api", {
    createUserGrant(req, call) {
      const g = req.grant!;
      const project = foundProject(call.core, actorOf(call), g.projectId);
      authorize(call, userGrantTarget(call, { orgId: project.orgId, projectId: project.id, userId: g.userId }));
      return { details: grantMessage(createGrant(call.core, actorOf(call), { userId: g.userId, projectId: g.projectId, roles: g.roleKeys })).details };
    },
    patchUserGrant(req, call) {
      checkedGrant(call, req.id);
      changeGrantRoles(call.core, actorOf(call), req.id, req.grant!.roleKeys);
      return { details: grantMessage(foundGrant(call.core, actorOf(call), req.id)).details };
    },
    deleteUserGrant(req, call) {
      const g = checkedGrant(call, req.id);
      const e = removeGrant(call.core, actorOf(call), req.id);
      return { details: orgResourceDetails(g.id, g.orgId, e.aggregateSequence, e.createdAt) };
    },
    getUserGrant(req, call) {
      return { grant: grantMessage(checkedGrant(call, req.id)) };
    },
    createProjectGrant(req, call) {
      const g = req.grant!;
      checkedProject(call, g.projectId);
      const id = createProjectGrant(call.core, actorOf(call), { projectId: g.projectId, grantedOrgId: g.grantedOrgId, roles: g.roleKeys });
      return { details: projectGrantMessage(foundProjectGrant(call.core, actorOf(call), id)).details };
    },
    patchProjectGrant(req, call) {
      checkedProjectGrant(call, req.id);
      changeProjectGrant(call.core, actorOf(call), req.id, req.grant!.roleKeys);
      return { details: projectGrantMessage(foundProjectGrant(call.core, actorOf(call), req.id)).details };
    },
    deleteProjectGrant(req, call) {
      const g = checkedProjectGrant(call, req.id);
      const e = removeProjectGrant(call.core, actorOf(call), req.id);
      return { details: orgResourceDetails(g.id, g.orgId, e.aggregateSequence, e.createdAt) };
    },
    getProjectGrant(req, call) {
      return { grant: projectGrantMessage(checkedProjectGrant(call, req.id)) };
    },
    searchProjectGrants(req, call) {
      const page = pageOf(req.query);
      const s = { projectIds: [] as string[], grantedOrgIds: [] as string[] };
      for (const f of req.filters) {
        if (f.filter.case === "projectId") s.projectIds.push(f.filter.value.id);
        if (f.filter.case === "grantedOrgId") s.grantedOrgIds.push(f.filter.value.id);
      }
      const { total, rows } = searchProjectGrants(call.core.db, call.instance.id, { ...s, ...page }, readableBy(call));
      return { details: listDetails(call.core, call.instance.id, page, total, rows.length), result: rows.map(projectGrantMessage) };
    },
    createRole(req, call) {
      const r = req.role!;
      checkedProject(call, r.projectId);
      const e = addRole(call.core, actorOf(call), r.projectId, { key: r.key, displayName: r.displayName, group: r.group });
      return { details: orgResourceDetails(r.projectId, e.resourceOwner, e.aggregateSequence, e.createdAt) };
    },
    patchRole(req, call) {
      checkedProject(call, req.projectId);
      changeRole(call.core, actorOf(call), req.projectId, req.key, { displayName: req.role!.displayName, group: req.role!.group });
      const p = foundProject(call.core, actorOf(call), req.projectId);
      return { details: orgResourceDetails(p.id, p.orgId, p.sequence, p.changedAt) };
    },
    deleteRole(req, call) {
      checkedProject(call, req.projectId);
      const e = removeRole(call.core, actorOf(call), req.projectId, req.key);
      return { details: orgResourceDetails(req.projectId, e.resourceOwner, e.aggregateSequence, e.createdAt) };
    },
    searchRoles(req, call) {
      const page = pageOf(req.query);
      const projectIds = req.filters.map((f) => f.filter.value!.id);
      const { total, rows } = searchRoles(call.core.db, call.instance.id, { projectIds, ...page }, readableBy(call));
      return { details: listDetails(call.core, call.instance.id, page, total, rows.length), result: rows };
    },
    searchUserGrants(req, call) {
      const page = pageOf(req.query);
      const filters = req.filters.flatMap((f): UserGrantFilter[] =>
        f.filter.case === "userId" ? [{ userId: f.filter.value.id }] : f.filter.case === "projectId" ? [{ projectId: f.filter.value.id }] : [],
      );
      const { total, grants } = searchUserGrants(call.core.db, call.instance.id, readableBy(call), filters, page);
      return { details: listDetails(call.core, call.instance.id, page, total, grants.length), result: grants.map(grantMessage) };
    },
  });
}

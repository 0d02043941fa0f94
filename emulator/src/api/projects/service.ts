// SvcProjects: project CRUD and roles.

import type { MessageInitShape } from "@bufbuild/protobuf";
import { addRole, changeProject, createProject, removeProject, removeRole } from "../../domain/project/commands.js";
import type { Project } from "../../domain/project/project.js";
import { foundProject, projectRoles, searchProjects } from "../../domain/project/queries.js";
import { SvcProjects, type GetProjectSchema, type ProjectSearchFilter } from "../../gen/svc/resources/project/v3alpha/project_service_pb.js";
import { authorize, readableBy } from "../authorization.js";
import { listDetails, orgResourceDetails, pageOf } from "../details.js";
import { orgOfRequest } from "../organization.js";
import { actorOf, defineService, type RpcCall, type ServiceDefinition } from "../rpc.js";
import { textMatch } from "../text-filter.js";
import type { TextMatch } from "../../store/text-filter.js";

function projectMessage(call: RpcCall, p: Project): MessageInitShape<typeof GetProjectSchema> {
  return {
    details: orgResourceDetails(p.id, p.orgId, p.sequence, p.changedAt),
    project: { name: p.name, projectRoleAssertion: p.roleAssertion, projectRoleCheck: p.roleCheck, hasProjectCheck: p.hasProjectCheck },
    roles: projectRoles(call.core.db, p.instanceId, p.id),
  };
}

/** Where a project is, as a permission target. */
export const projectTarget = (p: Pick<Project, "id" | "orgId">) => ({ orgId: p.orgId, projectId: p.id });

/** The project, found, after checking `permission` (the rpc's by default) on it. */
export function checkedProject(call: RpcCall, id: string, permission = call.permission): Project {
  const p = foundProject(call.core, actorOf(call), id);
  authorize(call, projectTarget(p), permission);
  return p;
}

function searchOf(filters: ProjectSearchFilter[]) {
  const s = { names: [] as TextMatch[], idSets: [] as string[][], orgIds: [] as string[] };
  for (const f of filters) {
    if (f.filter.case === "name") s.names.push(textMatch(f.filter.value.name, f.filter.value.method));
    if (f.filter.case === "inIds") s.idSets.push(f.filter.value.ids);
    if (f.filter.case === "organizationId") s.orgIds.push(f.filter.value.id);
  }
  return s;
}

export function projectsService(): ServiceDefinition {
  return defineService(SvcProjects, "multitenancy_resources_api", {
    createProject(req, call) {
      const p = req.project!;
      const orgId = orgOfRequest(call, req.organization);
      authorize(call, { orgId });
      const created = createProject(call.core, actorOf(call), orgId, {
        name: p.name,
        roleAssertion: p.projectRoleAssertion,
        roleCheck: p.projectRoleCheck,
        hasProjectCheck: p.hasProjectCheck,
      });
      return { details: projectMessage(call, created).details };
    },
    patchProject(req, call) {
      const p = req.project!;
      checkedProject(call, req.id);
      changeProject(call.core, actorOf(call), req.id, {
        name: p.name,
        roleAssertion: p.projectRoleAssertion,
        roleCheck: p.projectRoleCheck,
        hasProjectCheck: p.hasProjectCheck,
      });
      return { details: projectMessage(call, foundProject(call.core, actorOf(call), req.id)).details };
    },
    deleteProject(req, call) {
      const p = checkedProject(call, req.id);
      const e = removeProject(call.core, actorOf(call), req.id);
      return { details: orgResourceDetails(req.id, p.orgId, e.aggregateSequence, e.createdAt) };
    },
    getProject(req, call) {
      return { project: projectMessage(call, checkedProject(call, req.id)) };
    },
    searchProjects(req, call) {
      const page = pageOf(req.query);
      const { total, rows } = searchProjects(call.core.db, call.instance.id, { ...searchOf(req.filters), ...page }, readableBy(call));
      return { details: listDetails(call.core, call.instance.id, page, total, rows.length), result: rows.map((p) => projectMessage(call, p)) };
    },
    addProjectRole(req, call) {
      checkedProject(call, req.projectId);
      const e = addRole(call.core, actorOf(call), req.projectId, { key: req.role!.key, displayName: req.role!.displayName, group: req.role!.group });
      return { details: orgResourceDetails(req.projectId, e.resourceOwner, e.aggregateSequence, e.createdAt) };
    },
    removeProjectRole(req, call) {
      checkedProject(call, req.projectId);
      const e = removeRole(call.core, actorOf(call), req.projectId, req.roleKey);
      return { details: orgResourceDetails(req.projectId, e.resourceOwner, e.aggregateSequence, e.createdAt) };
    },
  });
}

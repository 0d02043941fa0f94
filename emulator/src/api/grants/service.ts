// SvcGrants: user grants.

import { changeGrantRoles, createGrant, foundGrant, removeGrant } from "../../domain/user-grant/commands.js";
import { userGrantFromRow, type UserGrant, type UserGrantRow } from "../../domain/user-grant/user-grant.js";
import { SvcGrants } from "../../gen/svc/resources/grant/v3alpha/grant_service_pb.js";
import { pagedSearch } from "../../store/paged-search.js";
import { actorOf } from "../actions/targets.js";
import { listDetails, pageOf } from "../details.js";
import { orgResourceDetails } from "../projects/service.js";
import { defineService, type ServiceDefinition } from "../rpc.js";

const grantMessage = (g: Required<UserGrant>) => ({ details: orgResourceDetails(g.id, g.orgId, g.sequence, g.changedAt), grant: { userId: g.userId, projectId: g.projectId, roleKeys: g.roles } });

export function grantsService(): ServiceDefinition {
  return defineService(SvcGrants, "multitenancy_resources_api", {
    createUserGrant(req, call) {
      const g = req.grant!;
      return { details: grantMessage(createGrant(call.core, actorOf(call), { userId: g.userId, projectId: g.projectId, roles: g.roleKeys })).details };
    },
    patchUserGrant(req, call) {
      changeGrantRoles(call.core, actorOf(call), req.id, req.grant!.roleKeys);
      return { details: grantMessage(foundGrant(call.core, actorOf(call), req.id)).details };
    },
    deleteUserGrant(req, call) {
      const g = foundGrant(call.core, actorOf(call), req.id);
      const e = removeGrant(call.core, actorOf(call), req.id);
      return { details: orgResourceDetails(g.id, g.orgId, e.aggregateSequence, e.createdAt) };
    },
    getUserGrant(req, call) {
      return { grant: grantMessage(foundGrant(call.core, actorOf(call), req.id)) };
    },
    searchUserGrants(req, call) {
      const page = pageOf(req.query);
      const where = ["instance_id = ?"];
      const args: unknown[] = [call.instance.id];
      for (const f of req.filters) {
        if (f.filter.case === "userId") (where.push("user_id = ?"), args.push(f.filter.value.id));
        if (f.filter.case === "projectId") (where.push("project_id = ?"), args.push(f.filter.value.id));
      }
      const { total, rows } = pagedSearch<UserGrantRow>(call.core.db, "user_grants", where, args, "created_at", page);
      return { details: listDetails(call.core, call.instance.id, page, total, rows.length), result: rows.map((r) => grantMessage(userGrantFromRow(r))) };
    },
  });
}

// SvcMemberships: a user's roles in a context, and the roles each context offers.

import type { MessageInitShape } from "@bufbuild/protobuf";
import { ROLES_BY_CONTEXT, permissionsOfRole } from "../../auth/permissions.js";
import { changeMembership, createMembership, foundMembership, removeMembership } from "../../domain/membership/commands.js";
import { membershipId, membershipsOfInstance, type Membership } from "../../domain/membership/membership.js";
import { OwnerType } from "../../gen/svc/object/v3alpha/object_pb.js";
import { SvcMemberships, type GetMembershipSchema } from "../../gen/svc/resources/membership/v3alpha/membership_service_pb.js";
import { Code, SvcError } from "../../server/errors.js";
import { actorOf } from "../actions/targets.js";
import { mayWrite, ownerOf, requestContext } from "../context-access.js";
import { listDetails, pageOf, timestamp } from "../details.js";
import { defineService, type RpcCall, type ServiceDefinition } from "../rpc.js";
import type { Context } from "../../domain/context/context.js";

const contextOf = (m: Membership): Context => ({ type: m.contextType, id: m.contextId });

function membershipMessage(m: Membership): MessageInitShape<typeof GetMembershipSchema> {
  return {
    details: { id: membershipId(m), sequence: BigInt(m.sequence ?? 0), ...(m.changedAt ? { changeDate: timestamp(m.changedAt) } : {}), resourceOwner: ownerOf(contextOf(m)) },
    context: ownerOf(contextOf(m)),
    membership: { userId: m.userId, roles: m.roles },
  };
}

function requireWrite(call: RpcCall, ctx: Context): void {
  if (!mayWrite(call, ctx)) throw new SvcError(Code.PermissionDenied, "AUTHZ-context", `No permission to change memberships of the ${ctx.type} context`);
}

const TYPES: Record<number, Context["type"]> = { [OwnerType.SYSTEM]: "system", [OwnerType.INSTANCE]: "instance", [OwnerType.ORG]: "org" };

export function membershipsService(): ServiceDefinition {
  return defineService(SvcMemberships, "multitenancy_resources_api", {
    createMembership(req, call) {
      const ctx = requestContext(call, req.ctx);
      requireWrite(call, ctx);
      createMembership(call.core, actorOf(call), ctx, req.membership!.userId, req.membership!.roles);
      return { details: membershipMessage(foundMembership(call.core, actorOf(call), membershipId({ contextType: ctx.type, contextId: ctx.id, userId: req.membership!.userId }))).details };
    },
    patchMembership(req, call) {
      requireWrite(call, contextOf(foundMembership(call.core, actorOf(call), req.id)));
      changeMembership(call.core, actorOf(call), req.id, req.membership!.roles);
      return { details: membershipMessage(foundMembership(call.core, actorOf(call), req.id)).details };
    },
    deleteMembership(req, call) {
      const m = foundMembership(call.core, actorOf(call), req.id);
      requireWrite(call, contextOf(m));
      const e = removeMembership(call.core, actorOf(call), req.id);
      return { details: { id: req.id, sequence: BigInt(e.aggregateSequence), changeDate: timestamp(e.createdAt), resourceOwner: ownerOf(contextOf(m)) } };
    },
    getMembership(req, call) {
      return { membership: membershipMessage(foundMembership(call.core, actorOf(call), req.id)) };
    },
    searchMemberships(req, call) {
      const page = pageOf(req.query);
      const ctx = req.ctx ? requestContext(call, req.ctx) : undefined;
      let all = membershipsOfInstance(call.core.db, call.instance.id).filter((m) => !ctx || (m.contextType === ctx.type && m.contextId === ctx.id));
      for (const f of req.filters) {
        if (f.filter.case === "userId") all = all.filter((m) => m.userId === (f.filter.value as { id: string }).id);
        if (f.filter.case === "contextType") all = all.filter((m) => m.contextType === TYPES[(f.filter.value as { type: number }).type]);
      }
      const ordered = page.asc ? all : [...all].reverse();
      const rows = ordered.slice(page.offset, page.offset + page.limit);
      return { details: listDetails(call.core, call.instance.id, page, all.length, rows.length), result: rows.map(membershipMessage) };
    },
    listAvailableRoles(req, call) {
      const ctx = requestContext(call, req.ctx);
      return { roles: ROLES_BY_CONTEXT[ctx.type].map((key) => ({ key, permissions: permissionsOfRole(key) })) };
    },
  });
}

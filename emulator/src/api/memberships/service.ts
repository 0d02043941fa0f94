// SvcMemberships: a user's roles in a context, and the roles each context offers.

import type { MessageInitShape } from "@bufbuild/protobuf";
import { changeMembership, createMembership, foundMembership, removeMembership } from "../../domain/membership/commands.js";
import { membershipId, type ContextType, type MemberContext, type Membership } from "../../domain/membership/membership.js";
import { searchMemberships } from "../../domain/membership/queries.js";
import { ROLES_BY_CONTEXT, permissionsOfRole } from "../../domain/membership/roles.js";
import { getProject } from "../../domain/project/queries.js";
import { OwnerType } from "../../gen/svc/object/v3alpha/object_pb.js";
import { SvcMemberships, type GetMembershipSchema } from "../../gen/svc/resources/membership/v3alpha/membership_service_pb.js";
import { getProjectGrant } from "../../domain/project/queries.js";
import { authorizeContext, memberContext, ownerOf, targetOfContext } from "../context-access.js";
import { readablePredicate } from "../authorization.js";
import { listDetails, pageOf, timestamp } from "../details.js";
import { actorOf, defineService, type RpcCall, type ServiceDefinition } from "../rpc.js";

/** A membership's context, with the org and project a project or project grant context belongs to. */
function contextOf(call: RpcCall, m: Membership): MemberContext {
  const ctx: MemberContext = { type: m.contextType, id: m.contextId };
  if (m.contextType === "project") return { ...ctx, orgId: getProject(call.core.db, call.instance.id, m.contextId)?.orgId, projectId: m.contextId };
  if (m.contextType === "project_grant") {
    const g = getProjectGrant(call.core.db, call.instance.id, m.contextId);
    return { ...ctx, orgId: g?.orgId, projectId: g?.projectId };
  }
  return ctx;
}

function membershipMessage(m: Membership): MessageInitShape<typeof GetMembershipSchema> {
  const owner = ownerOf({ type: m.contextType, id: m.contextId });
  return {
    details: { id: membershipId(m), sequence: BigInt(m.sequence ?? 0), ...(m.changedAt ? { changeDate: timestamp(m.changedAt) } : {}), resourceOwner: owner },
    context: owner,
    membership: { userId: m.userId, roles: m.roles },
  };
}

const TYPES: Record<number, ContextType> = {
  [OwnerType.SYSTEM]: "system",
  [OwnerType.INSTANCE]: "instance",
  [OwnerType.ORG]: "org",
  [OwnerType.PROJECT]: "project",
  [OwnerType.PROJECT_GRANT]: "project_grant",
};

/** The membership, found, after checking the rpc's permission in its context. */
function checked(call: RpcCall, id: string, what: string): Membership {
  const m = foundMembership(call.core, actorOf(call), id);
  authorizeContext(call, contextOf(call, m), what);
  return m;
}

export function membershipsService(): ServiceDefinition {
  return defineService(SvcMemberships, "multitenancy_resources_api", {
    createMembership(req, call) {
      const ctx = memberContext(call, req.ctx);
      authorizeContext(call, ctx, "change memberships");
      createMembership(call.core, actorOf(call), ctx, req.membership!.userId, req.membership!.roles);
      return {
        details: membershipMessage(
          foundMembership(call.core, actorOf(call), membershipId({ contextType: ctx.type, contextId: ctx.id, userId: req.membership!.userId })),
        ).details,
      };
    },
    patchMembership(req, call) {
      checked(call, req.id, "change memberships");
      changeMembership(call.core, actorOf(call), req.id, req.membership!.roles);
      return { details: membershipMessage(foundMembership(call.core, actorOf(call), req.id)).details };
    },
    deleteMembership(req, call) {
      const m = checked(call, req.id, "delete memberships");
      const e = removeMembership(call.core, actorOf(call), req.id);
      return {
        details: {
          id: req.id,
          sequence: BigInt(e.aggregateSequence),
          changeDate: timestamp(e.createdAt),
          resourceOwner: ownerOf({ type: m.contextType, id: m.contextId }),
        },
      };
    },
    getMembership(req, call) {
      return { membership: membershipMessage(checked(call, req.id, "read memberships")) };
    },
    searchMemberships(req, call) {
      const page = pageOf(req.query);
      const ctx = req.ctx ? memberContext(call, req.ctx) : undefined;
      // Only memberships of contexts where the caller may read them (spec "Standard resources" 2).
      const readable = readablePredicate(call);
      const filters = {
        context: ctx,
        userIds: req.filters.flatMap((f) => (f.filter.case === "userId" ? [f.filter.value.id] : [])),
        contextTypes: req.filters.flatMap((f) => (f.filter.case === "contextType" ? [TYPES[f.filter.value.type]] : [])),
      };
      const { total, memberships } = searchMemberships(call.core.db, call.instance.id, (m) => readable(targetOfContext(contextOf(call, m))), filters, page);
      return { details: listDetails(call.core, call.instance.id, page, total, memberships.length), result: memberships.map(membershipMessage) };
    },
    listAvailableRoles(req, call) {
      const ctx = memberContext(call, req.ctx);
      authorizeContext(call, ctx, "read memberships");
      return { roles: ROLES_BY_CONTEXT[ctx.type].map((key) => ({ key, permissions: permissionsOfRole(key) })) };
    },
  });
}

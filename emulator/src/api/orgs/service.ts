// SvcOrganizations: org CRUD, the instance's default org.

import type { MessageInitShape } from "@bufbuild/protobuf";
import { createOrg, removeOrg, renameOrg, setDefaultOrg, setOrgActive } from "../../domain/org/commands.js";
import type { Org } from "../../domain/org/org.js";
import { defaultOrgId, getOrg, orgPrimaryDomain, searchOrgs, type OrgFilter } from "../../domain/org/queries.js";
import {
  OrganizationState,
  SvcOrganizations,
  type GetOrganizationSchema,
  type OrganizationSearchFilter,
} from "../../gen/svc/resources/org/v3alpha/org_service_pb.js";
import { notFound } from "../../kernel/errors.js";
import { authorize, readableCondition } from "../authorization.js";
import { instanceResourceDetails, listDetails, pageOf } from "../details.js";
import { actorOf, defineService, type RpcCall, type ServiceDefinition } from "../rpc.js";
import { textMatch } from "../text-filter.js";

function orgMessage(call: RpcCall, org: Org): MessageInitShape<typeof GetOrganizationSchema> {
  return {
    details: instanceResourceDetails(org.id, org.instanceId, org.sequence, org.changedAt),
    organization: { name: org.name },
    state: org.active ? OrganizationState.ACTIVE : OrganizationState.INACTIVE,
    isInstanceDefault: defaultOrgId(call.core.db, org.instanceId) === org.id,
    primaryDomain: orgPrimaryDomain(call.core, org.instanceId, org.id),
  };
}

function found(call: RpcCall, id: string): Org {
  const org = getOrg(call.core.db, call.instance.id, id);
  if (!org) throw notFound("ORG-not-found", "Organization not found");
  return org;
}

/** The org, found, after checking the rpc's permission in it. */
function checked(call: RpcCall, id: string): Org {
  const org = found(call, id);
  authorize(call, { orgId: org.id });
  return org;
}

function filterOf(f: OrganizationSearchFilter): OrgFilter[] {
  if (f.filter.case === "name") return [{ name: textMatch(f.filter.value.name, f.filter.value.method) }];
  if (f.filter.case === "inIds") return [{ ids: f.filter.value.ids }];
  return [];
}

export function organizationsService(): ServiceDefinition {
  return defineService(SvcOrganizations, "multitenancy_resources_api", {
    createOrganization(req, call) {
      // A new org is the instance's: only who holds org.create on the whole instance.
      authorize(call, {});
      const e = createOrg(call.core, actorOf(call), { name: req.organization!.name });
      return { details: instanceResourceDetails(e.aggregateId, e.instanceId, e.aggregateSequence, e.createdAt) };
    },
    patchOrganization(req, call) {
      checked(call, req.id);
      renameOrg(call.core, actorOf(call), req.id, req.organization!.name);
      return { details: orgMessage(call, found(call, req.id)).details };
    },
    deleteOrganization(req, call) {
      checked(call, req.id);
      const e = removeOrg(call.core, actorOf(call), req.id);
      return { details: instanceResourceDetails(req.id, call.instance.id, e.aggregateSequence, e.createdAt) };
    },
    deactivateOrganization(req, call) {
      checked(call, req.id);
      setOrgActive(call.core, actorOf(call), req.id, false);
      return { details: orgMessage(call, found(call, req.id)).details };
    },
    reactivateOrganization(req, call) {
      checked(call, req.id);
      setOrgActive(call.core, actorOf(call), req.id, true);
      return { details: orgMessage(call, found(call, req.id)).details };
    },
    getOrganization(req, call) {
      return { organization: orgMessage(call, checked(call, req.id)) };
    },
    searchOrganizations(req, call) {
      const page = pageOf(req.query);
      const { total, orgs } = searchOrgs(
        call.core.db,
        call.instance.id,
        (columns, args) => readableCondition(call, columns, args),
        req.filters.flatMap(filterOf),
        page,
      );
      return { details: listDetails(call.core, call.instance.id, page, total, orgs.length), result: orgs.map((o) => orgMessage(call, o)) };
    },
    setAsInstanceDefault(req, call) {
      authorize(call, {});
      setDefaultOrg(call.core, actorOf(call), req.id);
      return { details: orgMessage(call, found(call, req.id)).details };
    },
    getInstanceDefault(_req, call) {
      return { organization: orgMessage(call, checked(call, defaultOrgId(call.core.db, call.instance.id)!)) };
    },
  });
}

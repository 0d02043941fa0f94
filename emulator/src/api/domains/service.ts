// SvcDomains: org domains, the primary one, validation.

import { addDomain, removeDomain, setPrimaryDomain, validateDomain } from "../../domain/org/commands.js";
import type { OrgDomain } from "../../domain/org/org.js";
import { getDomain, searchDomains, type DomainFilter } from "../../domain/org/queries.js";
import { SvcDomains, type DomainSearchFilter } from "../../gen/svc/resources/domain/v3alpha/domain_service_pb.js";
import { notFound } from "../../kernel/errors.js";
import { authorize, readableCondition } from "../authorization.js";
import { orgResourceDetails, listDetails, pageOf } from "../details.js";
import { orgOfRequest } from "../organization.js";
import { actorOf, defineService, type RpcCall, type ServiceDefinition } from "../rpc.js";
import { textMatch } from "../text-filter.js";

const domainMessage = (d: OrgDomain) => ({
  details: orgResourceDetails(d.domain, d.orgId, d.sequence, d.changedAt),
  domain: d.domain,
  orgId: d.orgId,
  isVerified: d.isVerified,
  isPrimary: d.isPrimary,
  validationType: d.validationType,
});

function found(call: RpcCall, domain: string): OrgDomain {
  const d = getDomain(call.core.db, call.instance.id, domain);
  if (!d) throw notFound("DOMAIN-not-found", `Domain ${domain} not found`);
  return d;
}

/** The domain, found, after checking the rpc's permission in its org. */
function checked(call: RpcCall, domain: string): OrgDomain {
  const d = found(call, domain);
  authorize(call, { orgId: d.orgId });
  return d;
}

function filterOf(f: DomainSearchFilter): DomainFilter[] {
  if (f.filter.case === "organizationId") return [{ orgId: f.filter.value.id }];
  if (f.filter.case === "name") return [{ name: textMatch(f.filter.value.name, f.filter.value.method) }];
  return [];
}

export function domainsService(): ServiceDefinition {
  return defineService(SvcDomains, "multitenancy_resources_api", {
    createDomain(req, call) {
      const orgId = orgOfRequest(call, req.organization);
      authorize(call, { orgId });
      addDomain(call.core, actorOf(call), orgId, req.domain!.domain);
      return { details: domainMessage(found(call, req.domain!.domain)).details };
    },
    deleteDomain(req, call) {
      const d = checked(call, req.domain);
      const e = removeDomain(call.core, actorOf(call), req.domain);
      return { details: orgResourceDetails(d.domain, d.orgId, e.aggregateSequence, e.createdAt) };
    },
    getDomain(req, call) {
      return { domain: domainMessage(checked(call, req.domain)) };
    },
    searchDomains(req, call) {
      const page = pageOf(req.query);
      const { total, domains } = searchDomains(
        call.core.db,
        call.instance.id,
        (columns, args) => readableCondition(call, columns, args),
        req.filters.flatMap(filterOf),
        page,
      );
      return { details: listDetails(call.core, call.instance.id, page, total, domains.length), result: domains.map(domainMessage) };
    },
    setAsPrimary(req, call) {
      checked(call, req.domain);
      setPrimaryDomain(call.core, actorOf(call), req.domain);
      return { details: domainMessage(found(call, req.domain)).details };
    },
    validate(req, call) {
      checked(call, req.domain);
      validateDomain(call.core, actorOf(call), req.domain, req.validation!.type);
      return { details: domainMessage(found(call, req.domain)).details };
    },
  });
}

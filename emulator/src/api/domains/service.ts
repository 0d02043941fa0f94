// SvcDomains: org domains, the primary one, validation.

import { addDomain, domainFromRow, getDomain, removeDomain, setPrimaryDomain, validateDomain, type OrgDomain, type OrgDomainRow } from "../../domain/org/domains.js";
import { SvcDomains } from "../../gen/svc/resources/domain/v3alpha/domain_service_pb.js";
import { notFound } from "../../kernel/errors.js";
import { pagedSearch } from "../../store/paged-search.js";
import { textCondition } from "../../store/text-filter.js";
import { actorOf } from "../actions/targets.js";
import { authorize, readableCondition } from "../authorization.js";
import { listDetails, pageOf } from "../details.js";
import { orgOfRequest } from "../organization.js";
import { orgResourceDetails } from "../projects/service.js";
import { defineService, type RpcCall, type ServiceDefinition } from "../rpc.js";
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
      const where = ["instance_id = ?"];
      const args: unknown[] = [call.instance.id];
      where.push(readableCondition(call, { org: "org_id" }, args));
      for (const f of req.filters) {
        if (f.filter.case === "organizationId") (where.push("org_id = ?"), args.push(f.filter.value.id));
        if (f.filter.case === "name") where.push(textCondition("domain", textMatch(f.filter.value.name, f.filter.value.method), args));
      }
      const { total, rows } = pagedSearch<OrgDomainRow>(call.core.db, "org_domains", where, args, "created_at", page, "domain");
      return { details: listDetails(call.core, call.instance.id, page, total, rows.length), result: rows.map((r) => domainMessage(domainFromRow(r))) };
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

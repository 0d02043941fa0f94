// SvcInstances: instances of the system. System owners see and manage all of them; an instance's
// owners see and rename their own.

import type { MessageInitShape } from "@bufbuild/protobuf";
import { durationFromMs, durationMs } from "@bufbuild/protobuf/wkt";
import { isSystemOwner } from "../../auth/permissions.js";
import { createInstance, foundInstance, removeInstance, renameInstance, setLimits } from "../../domain/instance/commands.js";
import type { Instance } from "../../domain/instance/instance.js";
import { searchInstances, type InstanceFilter } from "../../domain/instance/queries.js";
import { defaultOrgId, getOrg } from "../../domain/org/queries.js";
import { OwnerType } from "../../gen/svc/object/v3alpha/object_pb.js";
import { SvcInstances, type GetInstanceSchema, type InstanceSearchFilter, type Limits } from "../../gen/svc/resources/instance/v3alpha/instance_service_pb.js";
import { notFound } from "../../kernel/errors.js";
import { listDetails, pageOf, timestamp } from "../details.js";
import { actorOf, defineService, type RpcCall, type ServiceDefinition } from "../rpc.js";

const details = (i: Instance) => ({
  id: i.id,
  sequence: BigInt(i.sequence),
  changeDate: timestamp(i.changedAt),
  resourceOwner: { type: OwnerType.SYSTEM, id: "SYSTEM" },
});

function instanceMessage(call: RpcCall, i: Instance): MessageInitShape<typeof GetInstanceSchema> {
  const org = defaultOrgId(call.core.db, i.id);
  return {
    details: details(i),
    instance: { name: i.name, domains: i.domains, defaultOrgName: org ? (getOrg(call.core.db, i.id, org)?.name ?? "") : "" },
    blocked: i.blocked,
    ...(i.auditLogRetentionMs ? { auditLogRetention: durationFromMs(i.auditLogRetentionMs) } : {}),
  };
}

/** The instance, when the caller may see it: a system owner any, others their own. */
function visible(call: RpcCall, id: string): Instance {
  if (id !== call.instance.id && !isSystemOwner(call.core.db, call.principal.user)) throw notFound("INSTANCE-not-found", "Instance not found");
  return foundInstance(call.core, id);
}

function filterOf(f: InstanceSearchFilter): InstanceFilter[] {
  if (f.filter.case === "domain") return [{ domain: f.filter.value.domain }];
  if (f.filter.case === "inIds") return [{ ids: f.filter.value.ids }];
  return [];
}

const limitsOf = (l: Limits) => ({ block: l.block, auditLogRetentionMs: l.auditLogRetention ? durationMs(l.auditLogRetention) : undefined });

export function instancesService(): ServiceDefinition {
  return defineService(SvcInstances, undefined, {
    createInstance(req, call) {
      const i = req.instance!;
      return { details: details(createInstance(call.core, actorOf(call), { name: i.name, domains: i.domains, defaultOrgName: i.defaultOrgName })) };
    },
    patchInstance(req, call) {
      visible(call, req.id);
      renameInstance(call.core, actorOf(call), req.id, req.instance!.name);
      return { details: details(foundInstance(call.core, req.id)) };
    },
    deleteInstance(req, call) {
      const i = foundInstance(call.core, req.id);
      const e = removeInstance(call.core, actorOf(call), req.id);
      return { details: { ...details(i), sequence: BigInt(e.aggregateSequence), changeDate: timestamp(e.createdAt) } };
    },
    getInstance(req, call) {
      return { instance: instanceMessage(call, visible(call, req.id)) };
    },
    searchInstances(req, call) {
      const page = pageOf(req.query);
      // A system owner sees every instance; anyone else only the one of the request.
      const only = isSystemOwner(call.core.db, call.principal.user) ? undefined : call.instance.id;
      const { total, instances } = searchInstances(call.core.db, only, req.filters.flatMap(filterOf), page);
      return { details: listDetails(call.core, call.instance.id, page, total, instances.length), result: instances.map((i) => instanceMessage(call, i)) };
    },
    limit(req, call) {
      setLimits(call.core, actorOf(call), req.id, limitsOf(req.limits!));
      return { details: details(foundInstance(call.core, req.id)) };
    },
    bulkLimit(req, call) {
      // All or nothing: every instance must exist before any limit is written.
      for (const l of req.limits) foundInstance(call.core, l.instanceId);
      return {
        details: call.core.db.transaction(() =>
          req.limits.map((l) => {
            setLimits(call.core, actorOf(call), l.instanceId, limitsOf(l.limits!));
            return details(foundInstance(call.core, l.instanceId));
          }),
        ),
      };
    },
  });
}

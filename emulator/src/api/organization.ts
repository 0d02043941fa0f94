// The org a request names (svc.resources.object.v3alpha.Organization: by id or primary domain), or
// the instance's default org when it names none.

import type { Organization } from "../gen/svc/resources/object/v3alpha/object_pb.js";
import { defaultOrgId, getOrg, orgByPrimaryDomain } from "../domain/org/queries.js";
import { notFound } from "../kernel/errors.js";
import type { RpcCall } from "./rpc.js";

export function orgOfRequest(call: RpcCall, org: Organization | undefined): string {
  const pick = org?.org;
  const found =
    pick?.case === "orgId"
      ? getOrg(call.core.db, call.instance.id, pick.value)
      : pick?.case === "orgDomain"
        ? orgByPrimaryDomain(call.core, call.instance.id, pick.value)
        : undefined;
  if (pick?.case && !found) throw notFound("ORG-not-found", `Organization ${pick.value} not found`);
  return found?.id ?? defaultOrgId(call.core.db, call.instance.id)!;
}

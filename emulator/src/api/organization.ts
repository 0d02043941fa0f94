// The org a request names (svc.resources.object.v3alpha.Organization: by id or primary domain), or
// the instance's default org when it names none.

import type { Organization } from "../gen/svc/resources/object/v3alpha/object_pb.js";
import { defaultOrgId, listOrgs } from "../domain/org/org.js";
import { orgPrimaryDomain } from "../oidc/claims.js";
import { notFound } from "../kernel/errors.js";
import type { RpcCall } from "./rpc.js";

export function orgOfRequest(call: RpcCall, org: Organization | undefined): string {
  const orgs = listOrgs(call.core.db, call.instance.id);
  const pick = org?.org;
  const found =
    pick?.case === "orgId" ? orgs.find((o) => o.id === pick.value) : pick?.case === "orgDomain" ? orgs.find((o) => orgPrimaryDomain(call.core, o.instanceId, o.id) === pick.value.toLowerCase()) : undefined;
  if (pick?.case && !found) throw notFound("ORG-not-found", `Organization ${pick.value} not found`);
  return found?.id ?? defaultOrgId(call.core.db, call.instance.id)!;
}

// The context a request names (RequestContext: the system, an instance by id or domain, an org by
// id or primary domain), found among what exists.

import type { Core } from "../core.js";
import { getInstance, instanceByDomain } from "../instance/queries.js";
import { getOrg, orgByPrimaryDomain } from "../org/queries.js";
import { SYSTEM_CONTEXT, type Context } from "./context.js";

export type ContextRef =
  | { case: "system" }
  | { case: "instanceId"; value: string }
  | { case: "instanceDomain"; value: string }
  | { case: "orgId"; value: string }
  | { case: "orgDomain"; value: string }
  | { case: undefined };

/** The context a request names; the request's instance when it names none. Undefined when it names nothing that exists. */
export function resolveContext(core: Core, requestInstanceId: string, ref: ContextRef): Context | undefined {
  switch (ref.case) {
    case "system":
      return SYSTEM_CONTEXT;
    case "instanceId":
      return getInstance(core.db, ref.value) ? { type: "instance", id: ref.value, instanceId: ref.value } : undefined;
    case "instanceDomain": {
      const i = instanceByDomain(core.db, ref.value);
      return i && { type: "instance", id: i.id, instanceId: i.id };
    }
    case "orgId": {
      const org = getOrg(core.db, requestInstanceId, ref.value);
      return org && { type: "org", id: org.id, instanceId: org.instanceId };
    }
    case "orgDomain": {
      const org = orgByPrimaryDomain(core, requestInstanceId, ref.value);
      return org && { type: "org", id: org.id, instanceId: org.instanceId };
    }
    default:
      return { type: "instance", id: requestInstanceId, instanceId: requestInstanceId };
  }
}

// What one OIDC request carries from the fault check to the handlers and back to its journal entry
// (issue 29): the fault that answered it, a token lifetime a fault set, and the user it acted for.

import type { FastifyRequest } from "fastify";
import type { Strike } from "../faults/fault.js";

export interface RequestTrace {
  strike?: Strike;
  /** The user the request acted for (token issuance, userinfo, end session) or names (oidc/request-user.ts), once looked up; present and undefined: none. */
  userId?: string;
  /** The access and ID tokens' lifetime a fault set, in seconds (0: already expired). */
  lifetimeS?: number;
}

const TRACE = Symbol("svc.trace");
type Traced = FastifyRequest & { [TRACE]?: RequestTrace };

/** The request's trace, made on first use. */
export function traceOf(req: FastifyRequest): RequestTrace {
  const r = req as Traced;
  let t = r[TRACE];
  if (!t) r[TRACE] = t = {};
  return t;
}

/** The request's trace if one was made. */
export function traceIfAny(req: FastifyRequest): RequestTrace | undefined {
  return (req as Traced)[TRACE];
}

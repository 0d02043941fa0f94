// Function executions (actions/function-executions.ts) as the OIDC provider runs them: an
// interrupting target's failure fails the request as server_error.

import type { Core } from "../domain/core.js";
import type { User } from "../domain/user/user.js";
import { FunctionExecutionFailed, functionClaims as run, type ClaimFunction } from "../actions/function-executions.js";
import { OidcError } from "./errors.js";

export async function functionClaims(core: Core, name: ClaimFunction, user: User, claims: Record<string, unknown>): Promise<Record<string, unknown>> {
  try {
    return await run(core, name, user, claims);
  } catch (e) {
    if (e instanceof FunctionExecutionFailed) throw new OidcError("server_error", e.reason);
    throw e;
  }
}

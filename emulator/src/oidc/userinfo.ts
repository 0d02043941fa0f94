// GET/POST /oidc/v1/userinfo (OIDC Core 5.3): the claims of the token's scopes for the user's
// Bearer access token; 401 when the token is invalid, expired or revoked.

import { cachedUser } from "../domain/user/queries.js";
import { getProject } from "../domain/project/queries.js";
import { activeAccessToken } from "./access-token.js";
import { allRoleClaims, userinfoClaims } from "./claims.js";
import { OidcError } from "./errors.js";
import type { OidcContext } from "./issue.js";
import { clientRecord } from "./client-records.js";
import { functionClaims } from "./function-claims.js";

export async function userinfo(ctx: OidcContext, bearer: string | undefined): Promise<Record<string, unknown>> {
  if (!bearer) throw new OidcError("invalid_token", "a Bearer access token is required");
  const token = await activeAccessToken(ctx, bearer);
  const user = token && cachedUser(ctx.core.db, token.instanceId, token.userId);
  if (!token || !user) throw new OidcError("invalid_token", "the access token is invalid, expired or revoked");
  if (ctx.trace) ctx.trace.userId = user.id;
  const app = clientRecord(ctx.core, ctx.instance.id, token.clientId).app?.app;
  const projectId = app && getProject(ctx.core.db, token.instanceId, app.projectId) ? app.projectId : undefined;
  const claims = { ...userinfoClaims(ctx.core, user, token.scope), ...allRoleClaims(ctx.core, user, projectId, token.audience, token.scope, false) };
  return { ...claims, ...(await functionClaims(ctx.core, "preuserinfo", user, claims)) };
}

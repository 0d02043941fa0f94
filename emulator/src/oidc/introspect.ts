// POST /oauth/v2/introspect (RFC 7662; spec "Introspection response"): the client authenticates
// with client_secret_basic or private_key_jwt; a token is active when it is valid, not revoked and
// the client's project is in its audience, else {"active": false}. A personal access token has no
// audience of its own: like the product, the introspecting client and its project join it, so an
// API accepts service users' PATs.

import { cachedUser, loginName } from "../domain/user/queries.js";
import { activeAccessToken } from "./access-token.js";
import { allRoleClaims, userinfoClaims } from "./claims.js";
import { clientRecord } from "./client-records.js";
import { authenticateClient, type ClientCredentials } from "./clients.js";
import type { OidcContext } from "./issue.js";
import type { TokenRecord } from "../domain/token/token.js";

export async function introspect(
  ctx: OidcContext,
  credentials: ClientCredentials,
  token: string | undefined,
  endpoint: string,
): Promise<Record<string, unknown>> {
  const client = await authenticateClient(ctx.core, ctx.instance, credentials, ["client_secret_basic", "private_key_jwt"], [ctx.issuer, endpoint]);
  if (client.kind !== "app" || !token) return { active: false };
  const found = await activeAccessToken(ctx, token);
  const t = found?.personal ? { ...found, audience: [client.clientId, client.app.projectId] } : found;
  if (!t || !(t.audience.includes(client.app.projectId) || t.audience.includes(client.clientId))) return { active: false };
  // The journal's user (issue 29), noted here so the hot path looks nothing up again.
  if (ctx.trace) ctx.trace.userId = t.userId;
  return introspectionOf(ctx, t);
}

/** The introspection answer for an active access token (also what the control API's introspection shows). */
export function introspectionOf(ctx: OidcContext, t: TokenRecord): Record<string, unknown> {
  const user = cachedUser(ctx.core.db, t.instanceId, t.userId);
  if (!user) return { active: false };
  const toS = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  // Added to the fresh object of the user's claims in the order of the answer (instead of spread into a new one):
  // one object per request; a key already there (sub) keeps its place.
  const answer = userinfoClaims(ctx.core, user, t.scope);
  Object.assign(answer, allRoleClaims(ctx.core, user, clientRecord(ctx.core, ctx.instance.id, t.clientId).app?.app.projectId, t.audience, t.scope, false));
  answer.active = true;
  answer.scope = t.scope.join(" ");
  if (t.clientId) answer.client_id = t.clientId;
  answer.token_type = "Bearer";
  answer.exp = toS(t.expiresAt);
  answer.iat = toS(t.createdAt);
  answer.nbf = answer.iat;
  answer.sub = user.id;
  answer.aud = t.audience;
  answer.iss = ctx.issuer;
  answer.jti = t.id;
  answer.username = loginName(ctx.core, user);
  return answer;
}

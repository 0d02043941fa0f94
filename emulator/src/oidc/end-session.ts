// GET/POST /oidc/v1/end_session (OIDC RP-Initiated Logout; wire-facts 6.8): id_token_hint, client_id
// (must equal the hint's azp), post_logout_redirect_uri (exact match of the client's registered
// ones; ignored when no client is known), state. Ends the session(s) and revokes their tokens.

import { appByClientId } from "../domain/app/queries.js";
import { uriMatches } from "./authorize/request.js";
import { invalidRequest } from "./errors.js";
import type { OidcContext } from "./issue.js";
import { terminateLoginSessions } from "../domain/login-session/commands.js";
import type { LoginSession } from "../domain/login-session/login-session.js";
import { activeSessions, getLoginSession } from "../domain/login-session/queries.js";
import { oidcActor } from "./actor.js";
import { verifyOwnJwt } from "./own-jwt.js";

export async function endSession(
  ctx: OidcContext,
  params: Record<string, string | undefined>,
  userAgentId: string | undefined,
): Promise<{ redirect?: string }> {
  let hintSub: string | undefined;
  let hintSid: string | undefined;
  let clientId = params.client_id;
  if (params.id_token_hint) {
    const claims = await verifyOwnJwt(ctx, params.id_token_hint, { allowExpired: true });
    if (!claims) throw invalidRequest("id_token_hint is not an ID token of this issuer");
    if (clientId && clientId !== claims.azp) throw invalidRequest("client_id does not match azp of id_token_hint");
    clientId = String(claims.azp);
    hintSub = claims.sub;
    hintSid = typeof claims.sid === "string" ? claims.sid : undefined;
  }
  const app = clientId ? appByClientId(ctx.core.db, ctx.instance.id, clientId) : undefined;
  if (clientId && !app) throw invalidRequest(`unknown client_id ${clientId}`);
  let redirect: string | undefined;
  if (params.post_logout_redirect_uri && app) {
    if (!uriMatches(app.oidc?.postLogoutRedirectUris ?? [], params.post_logout_redirect_uri, ctx.issuer)) {
      throw invalidRequest(`post_logout_redirect_uri ${params.post_logout_redirect_uri} is not registered for client ${clientId}`);
    }
    const url = new URL(params.post_logout_redirect_uri);
    if (params.state) url.searchParams.set("state", params.state);
    redirect = url.toString();
  }
  const hinted = hintSid ? getLoginSession(ctx.core.db, ctx.instance.id, hintSid) : undefined;
  const ended: LoginSession[] = hinted ? [hinted] : activeSessions(ctx.core.db, ctx.instance.id, userAgentId).filter((s) => !hintSub || s.userId === hintSub);
  const open = ended.filter((s) => !s.terminatedAt && s.instanceId === ctx.instance.id);
  // The journal's user (issue 29): the hint's, or the one user whose sessions end here.
  const users = new Set(open.map((s) => s.userId));
  if (ctx.trace) ctx.trace.userId = hintSub ?? (users.size === 1 ? [...users][0] : undefined);
  // Each session is ended by its own user.
  terminateLoginSessions(
    ctx.core,
    open.map((session) => ({ session, actor: oidcActor(session.instanceId, session.userId) })),
  );
  return { redirect };
}

// GET/POST /oauth/v2/authorize: validate, remember the request, then either finish it with an
// existing login session (prompt none, a single session) or send the user agent to a login page
// (login, account chooser, registration), as prompt, max_age and the hints ask.

import type { FastifyReply } from "fastify";
import { addAuthRequest, getAuthRequest, type AuthorizeParams } from "../auth-requests.js";
import { findApp } from "../clients.js";
import { OidcError, invalidRequest, serverError } from "../errors.js";
import type { App } from "../../domain/app/app.js";
import type { OidcContext } from "../issue.js";
import { activeSessions, type LoginSession } from "../login-sessions.js";
import { getUser } from "../../domain/user/user.js";
import { loginName, userMatchesOrgScopes } from "../claims.js";
import { PageError, checkClient, parseAuthorizeRequest, responseModeOf } from "./request.js";
import { completeAuthRequest, sendAuthorizationError } from "./complete.js";
import { verifyOwnJwt } from "../own-jwt.js";

export const LOGIN_PATH = "/ui/login";

/** Sessions that may finish the request: matching the hints and young enough for max_age. */
export function eligibleSessions(ctx: OidcContext, p: AuthorizeParams, sessions: LoginSession[]): LoginSession[] {
  const now = ctx.core.clock.nowMs();
  return sessions.filter((s) => {
    if (p.idTokenHintSub && s.userId !== p.idTokenHintSub) return false;
    const sessionUser = getUser(ctx.core.db, s.userId);
    if (!sessionUser || !userMatchesOrgScopes(ctx.core, sessionUser, p.scope)) return false;
    if (p.loginHint) {
      const user = getUser(ctx.core.db, s.userId);
      if (!user || (user.username !== p.loginHint && loginName(ctx.core, user) !== p.loginHint && user.data.email !== p.loginHint)) return false;
    }
    return p.maxAge === undefined || now - Date.parse(s.authTime) <= p.maxAge * 1000;
  });
}

export async function authorize(ctx: OidcContext, reply: FastifyReply, query: Record<string, string | string[] | undefined>, userAgentId: string): Promise<FastifyReply> {
  const { app, redirectUri } = checkClient(query, (id) => findApp(ctx.core, ctx.instance, id), ctx.issuer);
  const fallback = { redirectUri, responseMode: responseModeOf(query, typeof query.response_type === "string" ? query.response_type : undefined), state: typeof query.state === "string" ? query.state : undefined };
  let params: AuthorizeParams;
  try {
    params = parseAuthorizeRequest(query, app, redirectUri);
    const hint = typeof query.id_token_hint === "string" ? query.id_token_hint : undefined;
    if (hint) {
      const claims = await verifyOwnJwt(ctx, hint, { allowExpired: true });
      if (!claims) throw invalidRequest("id_token_hint is not an ID token of this issuer");
      params.idTokenHintSub = String(claims.sub);
    }
  } catch (e) {
    if (e instanceof OidcError) return sendAuthorizationError(reply, fallback, e);
    throw e;
  }
  return startLogin(ctx, reply, params, app, userAgentId);
}

/**
 * Remembers a valid authorization request and finishes it with a login session of this user agent
 * or sends the user agent to the login page that prompt and the sessions call for.
 */
export async function startLogin(ctx: OidcContext, reply: FastifyReply, params: AuthorizeParams, app: App, userAgentId: string): Promise<FastifyReply> {
  try {
    return await proceed(ctx, reply, params, app, userAgentId);
  } catch (e) {
    return sendAuthorizationError(reply, params, e instanceof OidcError ? e : serverError(e));
  }
}

async function proceed(ctx: OidcContext, reply: FastifyReply, params: AuthorizeParams, app: App, userAgentId: string): Promise<FastifyReply> {
  const id = addAuthRequest(ctx.core, ctx.instance.id, params);
  const req = getAuthRequest(ctx.core, ctx.instance.id, id)!;
  const sessions = eligibleSessions(ctx, params, activeSessions(ctx.core, ctx.instance.id, userAgentId));
  const page = (name: string) => reply.redirect(`${LOGIN_PATH}/${name}?authRequest=${encodeURIComponent(id)}`, 302);

  if (params.prompt.includes("none")) {
    if (sessions.length === 0) return sendAuthorizationError(reply, params, new OidcError("login_required", "no login session for this request"));
    if (sessions.length > 1) return sendAuthorizationError(reply, params, new OidcError("interaction_required", "several sessions: the user must choose an account"));
    return completeAuthRequest(ctx, reply, req, sessions[0]!, app);
  }
  if (params.prompt.includes("create")) return page("register");
  if (params.prompt.includes("login")) return page("login");
  if (params.prompt.includes("select_account")) return page("select");
  if (sessions.length === 1) return completeAuthRequest(ctx, reply, req, sessions[0]!, app);
  return page(sessions.length > 1 ? "select" : "login");
}

export { PageError };

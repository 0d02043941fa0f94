// GET/POST /oauth/v2/authorize: apply a request object, validate, remember the request, then either
// finish it with an existing login session (prompt none, a single session) or send the user agent
// to a login page (login, account chooser, registration), as prompt, max_age and the hints ask.

import type { FastifyReply } from "fastify";
import { addAuthRequest, getAuthRequest, type AuthorizeParams } from "../auth-requests.js";
import { findApp } from "../clients.js";
import { OidcError, invalidRequest, serverError } from "../errors.js";
import type { App } from "../../domain/app/app.js";
import type { OidcContext } from "../issue.js";
import { activeSessions, type LoginSession } from "../login-sessions.js";
import { getUser } from "../../domain/user/user.js";
import { loginName, userMatchesOrgScopes } from "../claims.js";
import { PageError, checkClient, checkRedirectUri, parseAuthorizeRequest, responseModeOf } from "./request.js";
import { applyRequestObject, type Query } from "./request-object.js";
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

export async function authorize(ctx: OidcContext, reply: FastifyReply, query: Query, userAgentId: string): Promise<FastifyReply> {
  const app = checkClient(query, (id) => findApp(ctx.core, ctx.instance, id));
  const { params: q, problem } = await applyRequestObject(ctx, app, query);
  let redirectUri: string;
  try {
    redirectUri = checkRedirectUri(q, app, ctx.issuer);
  } catch (e) {
    // Without a usable redirect URI, the request object's own error is the one worth showing.
    throw problem && e instanceof PageError ? new PageError(problem.error, problem.description) : e;
  }
  // The query's response_type decides (Core 6.1); the object's only differs in a refused request.
  const responseType = [query.response_type, q.response_type].find((t) => typeof t === "string") as string | undefined;
  const fallback = { redirectUri, responseMode: responseModeOf(q, responseType), state: typeof q.state === "string" ? q.state : undefined };
  let params: AuthorizeParams;
  try {
    if (problem) throw problem;
    params = parseAuthorizeRequest(q, app, redirectUri);
    const hint = typeof q.id_token_hint === "string" ? q.id_token_hint : undefined;
    if (hint) {
      const claims = await verifyOwnJwt(ctx, hint, { allowExpired: true });
      if (!claims) throw invalidRequest("id_token_hint is not an ID token of this issuer");
      params.idTokenHintSub = String(claims.sub);
    }
  } catch (e) {
    if (e instanceof OidcError) return sendAuthorizationError(reply, fallback, e);
    throw e;
  }
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

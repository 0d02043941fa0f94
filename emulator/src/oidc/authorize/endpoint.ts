// GET/POST /oauth/v2/authorize: apply a request object, validate, remember the request, then either
// finish it with an existing login session (prompt none, a single session) or send the user agent
// to a login page (login, account chooser, registration), as prompt, max_age and the hints ask.

import type { FastifyReply } from "fastify";
import type { AuthorizeParams } from "../../domain/auth-request/auth-request.js";
import { addAuthRequest } from "../../domain/auth-request/commands.js";
import { getAuthRequest } from "../../domain/auth-request/queries.js";
import type { LoginSession } from "../../domain/login-session/login-session.js";
import { activeSessions } from "../../domain/login-session/queries.js";
import { oidcActor } from "../actor.js";
import { findApp } from "../clients.js";
import { OidcError, invalidRequest } from "../errors.js";
import type { App } from "../../domain/app/app.js";
import type { OidcContext } from "../issue.js";
import { getUser, loginName } from "../../domain/user/queries.js";
import { userMatchesOrgScopes } from "../claims.js";
import { PageError, checkClient, checkRedirectUri, parseAuthorizeRequest, responseModeOf } from "./request.js";
import { applyRequestObject } from "./request-object.js";
import { completeAuthRequest } from "./complete.js";
import { asOidcError, sendAuthorizationError } from "../error-response.js";
import { verifyOwnJwt } from "../own-jwt.js";
import { readParams, repeatedParameters } from "../parameters.js";
import { decidePrompt } from "./prompt.js";

export const LOGIN_PATH = "/ui/login";

/** Sessions that may finish the request: matching the hints and young enough for max_age. */
export function eligibleSessions(ctx: OidcContext, p: AuthorizeParams, sessions: LoginSession[]): LoginSession[] {
  const now = ctx.core.clock.nowMs();
  return sessions.filter((s) => {
    if (p.idTokenHintSub && s.userId !== p.idTokenHintSub) return false;
    const sessionUser = getUser(ctx.core.db, s.instanceId, s.userId);
    if (!sessionUser || !userMatchesOrgScopes(ctx.core, sessionUser, p.scope)) return false;
    if (p.loginHint) {
      const user = getUser(ctx.core.db, s.instanceId, s.userId);
      if (!user || (user.username !== p.loginHint && loginName(ctx.core, user) !== p.loginHint && user.data.email !== p.loginHint)) return false;
    }
    return p.maxAge === undefined || now - Date.parse(s.authTime) <= p.maxAge * 1000;
  });
}

/** Parameters that decide where errors go: when repeated, no redirect URI can be trusted. */
const CLIENT_PARAMETERS = ["client_id", "redirect_uri"];

/** `raw`: the parsed query string (GET) or form (POST). */
export async function authorize(ctx: OidcContext, reply: FastifyReply, raw: unknown, userAgentId: string): Promise<FastifyReply> {
  const { params: query, repeated } = readParams(raw);
  const untrusted = repeated.filter((name) => CLIENT_PARAMETERS.includes(name));
  if (untrusted.length) {
    const e = repeatedParameters(untrusted);
    throw new PageError(e.error, e.description);
  }
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
  // A repeated state or response_mode is left out of the query: the error goes without state, in the default mode.
  const responseType = query.response_type ?? q.response_type;
  const fallback = { redirectUri, responseMode: responseModeOf(q, responseType), state: q.state };
  let params: AuthorizeParams;
  try {
    if (repeated.length) throw repeatedParameters(repeated);
    if (problem) throw problem;
    params = parseAuthorizeRequest(q, app, redirectUri);
    const hint = q.id_token_hint;
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
    return sendAuthorizationError(reply, params, asOidcError(e));
  }
}

async function proceed(ctx: OidcContext, reply: FastifyReply, params: AuthorizeParams, app: App, userAgentId: string): Promise<FastifyReply> {
  const id = addAuthRequest(ctx.core, oidcActor(ctx.instance.id, "ANONYMOUS"), params);
  const req = getAuthRequest(ctx.core.db, ctx.instance.id, id)!;
  const sessions = eligibleSessions(ctx, params, activeSessions(ctx.core.db, ctx.instance.id, userAgentId));
  const page = (name: string) => reply.redirect(`${LOGIN_PATH}/${name}?authRequest=${encodeURIComponent(id)}`, 302);

  const outcome = decidePrompt(params.prompt, sessions);
  if (outcome.kind === "error") return sendAuthorizationError(reply, params, outcome.error);
  if (outcome.kind === "complete") return completeAuthRequest(ctx, reply, req, outcome.session, app);
  return page(outcome.page);
}

export { PageError };

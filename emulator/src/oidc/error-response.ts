// OAuth 2.0 / OpenID Connect errors on the wire, rendered here and nowhere else (spec "Errors"):
// - as JSON by the endpoints a client calls (token, device authorization, introspection,
//   revocation, userinfo) and for every refusal before a handler runs (blocked instance, malformed
//   text, body too large, unexpected failures);
// - to the client's redirect URI, by its response mode, once authorize can trust that URI;
// - as the emulator's error page in the browser where no redirect can be trusted (authorize before
//   the client is known good, end_session, the login and device pages).
// The control API has its own {code,message} format and does not come here.

import type { FastifyReply } from "fastify";
import { OidcError, serverError } from "./errors.js";
import { sendAuthorizationResponse, type ResponseMode } from "./authorize/respond.js";
import { errorPage } from "./login/pages.js";
import type { Language, Texts } from "./login/texts.js";

/** What any failure is on the wire: an OidcError as thrown, anything else a server_error. */
export const asOidcError = (thrown: unknown): OidcError => (thrown instanceof OidcError ? thrown : serverError(thrown));

/**
 * The JSON error (RFC 6749 5.2), never cached, with a challenge only for the authentication that
 * failed (RFC 6749 5.2, RFC 6750 3). `authorization`: the request's Authorization header.
 */
export function sendOAuthError(reply: FastifyReply, thrown: unknown, authorization?: string): FastifyReply {
  const err = asOidcError(thrown);
  if (err.error === "invalid_client" && authorization?.toLowerCase().startsWith("basic ")) reply.header("www-authenticate", 'Basic realm="svc-emulator"');
  if (err.error === "invalid_token") reply.header("www-authenticate", `Bearer error="invalid_token", error_description="${err.description}"`);
  return reply.code(err.status).header("cache-control", "no-store").header("pragma", "no-cache").type("application/json").send(JSON.stringify(err.body()));
}

/** Where an authorization error goes once the redirect URI is known good (RFC 6749 4.1.2.1). */
export interface AuthorizationErrorTarget {
  redirectUri: string;
  responseMode: ResponseMode;
  state?: string;
}

export function sendAuthorizationError(reply: FastifyReply, target: AuthorizationErrorTarget, err: OidcError): FastifyReply {
  return sendAuthorizationResponse(reply, target.redirectUri, target.responseMode, {
    error: err.error,
    error_description: err.description,
    state: target.state,
  });
}

/** The error page in the user's language, for errors no client may receive. */
export function sendErrorPage(
  reply: FastifyReply,
  page: { t: Texts; lang: Language },
  err: { error: string; description: string },
  status = 400,
): FastifyReply {
  return reply
    .code(status)
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(errorPage(page.t, page.lang, err.error, err.description));
}

// The OpenID Connect provider's HTTP surface (spec "Endpoints"): discovery, keys, authorize and the
// login pages, token, device authorization and its verification pages, introspection, userinfo,
// revocation, end session. Forms are
// application/x-www-form-urlencoded; errors are rendered by error-response.ts, one way per endpoint kind.

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyError } from "fastify";
import cookie from "@fastify/cookie";
import type { Core } from "../domain/core.js";
import type { Instance } from "../domain/instance/instance.js";
import type { IncomingMessage } from "node:http";
import { BODY_TOO_LARGE_TEXT, isBodyTooLarge } from "../kernel/body-limit.js";
import { findMalformedParameter, parseForm } from "../kernel/text.js";
import { PageError, authorize } from "./authorize/endpoint.js";
import type { ClientCredentials } from "./clients.js";
import { discoveryDocument, ENDPOINTS } from "./discovery.js";
import { endSession } from "./end-session.js";
import { OidcError, invalidRequest, serverError } from "./errors.js";
import { sendErrorPage, sendOAuthError } from "./error-response.js";
import { introspect } from "./introspect.js";
import { oauthParams, type Params } from "./parameters.js";
import type { OidcContext } from "./issue.js";
import type { SigningKeys } from "../domain/signing-key/signing-key.js";
import { registerLoginRoutes } from "./login/routes.js";
import { registerDeviceRoutes } from "./login/device-routes.js";
import { deviceAuthorizationEndpoint } from "./device-authorization-endpoint.js";
import { signedOutPage } from "./login/pages.js";
import { pickLanguage, textsFor } from "./login/texts.js";
import { newUserAgentId } from "../domain/login-session/login-session.js";
import { USER_AGENT_COOKIE } from "./user-agent.js";
import { revoke } from "./revoke.js";
import { tokenEndpoint } from "./token-endpoint.js";
import type { TokenRequest } from "./grants/grant.js";
import { userinfo } from "./userinfo.js";
import { registerFaultHooks } from "./fault-hook.js";
import { traceOf } from "./request-trace.js";
import { resolveLanguages } from "../domain/settings/queries.js";
import { issuerOf } from "../domain/instance/public-names.js";

/** `instanceOf` gives the instance the server resolved for a request from its Host when it arrived. */
export async function oidcRoutes(
  app: FastifyInstance,
  core: Core,
  keys: SigningKeys,
  instanceOf: (req: IncomingMessage) => Instance | undefined,
): Promise<void> {
  // Forms are decoded by text.ts, so invalid UTF-8 in them is refused below instead of stored.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "buffer" }, (_req, body, done) => done(null, parseForm(body as Buffer)));

  // The hooks below run on every OIDC request: callback style, as an async hook costs a promise and a microtask each.
  // A blocked instance (SvcInstances Limit) refuses sign-in and tokens.
  app.addHook("onRequest", (req, reply, done) => {
    if (!instanceOf(req.raw)?.blocked) return done();
    sendOAuthError(reply, new OidcError("temporarily_unavailable", "the instance is blocked", 429));
  });

  // Every OIDC endpoint and login page refuses text that may not be stored (NUL, invalid UTF-8) and
  // answers fastify's own refusals (body too large, unreadable body) as OAuth JSON errors.
  // Unexpected failures anywhere below (the login pages' too) end here as server_error.
  app.addHook("preValidation", (req, reply, done) => {
    const bad = findMalformedParameter(req);
    if (!bad) return done();
    sendOAuthError(reply, invalidRequest(`invalid parameter ${bad}`));
  });
  app.setErrorHandler((err: FastifyError, _req, reply) => {
    if (isBodyTooLarge(err)) return sendOAuthError(reply, new OidcError("invalid_request", BODY_TOO_LARGE_TEXT, 413));
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendOAuthError(reply, new OidcError("invalid_request", err.message, status));
    return sendOAuthError(reply, serverError(err));
  });

  const instanceLanguages = (ctx: OidcContext) => {
    const r = resolveLanguages(core, { type: "instance", id: ctx.instance.id, instanceId: ctx.instance.id });
    return { restricted: r.restrictedLanguages.value, default: r.defaultLanguage.value };
  };
  const context = (req: FastifyRequest): OidcContext => ({
    core,
    keys,
    instance: instanceOf(req.raw)!,
    issuer: issuerOf(core.names, req.headers.host),
    trace: traceOf(req),
  });
  // Faults and the request journal (issue 29): every route below is checked and journaled there.
  registerFaultHooks(app, core, instanceOf, context);
  const userAgentId = (req: FastifyRequest, reply: FastifyReply): string => {
    const existing = req.cookies[USER_AGENT_COOKIE];
    if (existing) return existing;
    const id = newUserAgentId();
    req.cookies[USER_AGENT_COOKIE] = id;
    reply.setCookie(USER_AGENT_COOKIE, id, { path: "/", httpOnly: true, sameSite: "lax" });
    return id;
  };
  const credentials = (req: FastifyRequest, form: Params): ClientCredentials => ({ authorization: req.headers.authorization, body: form });
  const endpointUrl = (req: FastifyRequest, path: string) => `http://${req.headers.host}${path}`;
  const json = (reply: FastifyReply, status: number, body: unknown) =>
    reply.code(status).header("cache-control", "no-store").header("pragma", "no-cache").type("application/json").send(JSON.stringify(body));
  const oauthError = (reply: FastifyReply, thrown: unknown, req: FastifyRequest) => sendOAuthError(reply, thrown, req.headers.authorization);
  const requireForm = (req: FastifyRequest): Params => {
    if (!String(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded"))
      throw invalidRequest("the request must be application/x-www-form-urlencoded");
    return oauthParams(req.body);
  };

  app.get("/.well-known/openid-configuration", async (req, reply) => {
    const ctx = context(req);
    return reply.header("cache-control", "no-cache").send(discoveryDocument(ctx.issuer, `http://${req.headers.host}`, instanceLanguages(ctx).restricted));
  });

  app.get(ENDPOINTS.jwks, async (req, reply) => {
    await keys.whenReady();
    return reply.header("cache-control", "no-cache").send({ keys: keys.published(context(req).instance.id) });
  });

  const authorizeHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      return await authorize(context(req), reply, req.method === "POST" ? req.body : req.query, userAgentId(req, reply));
    } catch (e) {
      if (!(e instanceof PageError)) throw e;
      const lang = pickLanguage([], req.headers["accept-language"], instanceLanguages(context(req)));
      return sendErrorPage(reply, { t: textsFor(lang), lang }, e);
    }
  };
  const loginDeps = { context, userAgentId, languages: (req: FastifyRequest) => instanceLanguages(context(req)) };

  // The token and device authorization endpoints read a form with client credentials and answer JSON.
  const clientFormEndpoint = (path: string, handle: (ctx: OidcContext, r: TokenRequest) => Promise<unknown>) =>
    app.post(path, async (req, reply) => {
      try {
        const form = requireForm(req);
        return json(reply, 200, await handle(context(req), { form, credentials: credentials(req, form), endpoint: endpointUrl(req, path) }));
      } catch (e) {
        return oauthError(reply, e, req);
      }
    });
  clientFormEndpoint(ENDPOINTS.token, tokenEndpoint);
  clientFormEndpoint(ENDPOINTS.deviceAuthorization, deviceAuthorizationEndpoint);

  app.post(ENDPOINTS.introspection, async (req, reply) => {
    try {
      const form = requireForm(req);
      return json(reply, 200, await introspect(context(req), credentials(req, form), form.token, endpointUrl(req, ENDPOINTS.introspection)));
    } catch (e) {
      return oauthError(reply, e, req);
    }
  });

  app.post(ENDPOINTS.revocation, async (req, reply) => {
    try {
      const form = requireForm(req);
      await revoke(context(req), credentials(req, form), form.token, endpointUrl(req, ENDPOINTS.revocation));
      return reply.code(200).header("cache-control", "no-store").send();
    } catch (e) {
      return oauthError(reply, e, req);
    }
  });

  const userinfoHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
    try {
      return json(reply, 200, await userinfo(context(req), m?.[1]));
    } catch (e) {
      return oauthError(reply, e, req);
    }
  };
  app.get(ENDPOINTS.userinfo, userinfoHandler);
  app.post(ENDPOINTS.userinfo, userinfoHandler);

  const endSessionHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    let params: Params = {};
    const page = () => {
      const lang = pickLanguage((params.ui_locales ?? "").split(" ").filter(Boolean), req.headers["accept-language"], instanceLanguages(context(req)));
      return { t: textsFor(lang), lang };
    };
    try {
      params = oauthParams(req.method === "POST" ? req.body : req.query);
      const { redirect } = await endSession(context(req), params, req.cookies[USER_AGENT_COOKIE]);
      if (redirect) return reply.redirect(redirect, 302);
      const { t, lang } = page();
      return reply.code(200).type("text/html; charset=utf-8").send(signedOutPage(t, lang));
    } catch (e) {
      if (!(e instanceof OidcError)) throw e;
      return sendErrorPage(reply, page(), e);
    }
  };

  // Only the browser's pages read or set the user agent cookie, so the cookie plugin's hooks are
  // registered for them alone: the token, introspection, revocation and userinfo requests skip them.
  await app.register(async (pages) => {
    await pages.register(cookie);
    pages.get(ENDPOINTS.authorization, authorizeHandler);
    pages.post(ENDPOINTS.authorization, authorizeHandler);
    registerLoginRoutes(pages, loginDeps);
    registerDeviceRoutes(pages, loginDeps);
    pages.get(ENDPOINTS.endSession, endSessionHandler);
    pages.post(ENDPOINTS.endSession, endSessionHandler);
  });
}

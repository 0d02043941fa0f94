// The device verification routes (RFC 8628 3.3): /device (the short verification URI) leads to
// /ui/login/device, where the user enters the user code; an authorization request for the device's
// client then goes through the usual login pages and sessions, and ends on the consent page where
// the signed-in user allows or denies the device.

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { getUser, loginName } from "../../domain/user/queries.js";
import type { AuthorizeParams } from "../../domain/auth-request/auth-request.js";
import { getAuthRequest } from "../../domain/auth-request/queries.js";
import { startLogin } from "../authorize/endpoint.js";
import { findApp } from "../clients.js";
import { decideDeviceAuthorization } from "../../domain/device-authorization/commands.js";
import { normalizeUserCode } from "../../domain/device-authorization/device-authorization.js";
import { deviceAuthorizationById, deviceAuthorizationByUserCode, isExpired } from "../../domain/device-authorization/queries.js";
import { getLoginSession } from "../../domain/login-session/queries.js";
import { oidcActor } from "../actor.js";
import { DEVICE_CONSENT_PATH, DEVICE_PAGE_PATH, VERIFICATION_PATH } from "../device-paths.js";
import { USER_AGENT_COOKIE } from "../user-agent.js";
import { deviceConsentPage, deviceDonePage, userCodePage } from "./device-pages.js";
import { sendErrorPage } from "../error-response.js";
import { invalidRequest } from "../errors.js";
import type { LoginDeps } from "./routes.js";
import { pickLanguage, textsFor } from "./texts.js";

type Form = Record<string, string | undefined>;

export function registerDeviceRoutes(app: FastifyInstance, deps: LoginDeps): void {
  const page = (req: FastifyRequest) => {
    const lang = pickLanguage([], req.headers["accept-language"], deps.languages(req));
    return { lang, t: textsFor(lang) };
  };
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(body);

  app.get(VERIFICATION_PATH, async (req, reply) => {
    const query = req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
    return reply.redirect(DEVICE_PAGE_PATH + query, 302);
  });

  // A failed login comes back here with the error of the authorization response.
  app.get<{ Querystring: Form }>(DEVICE_PAGE_PATH, async (req, reply) => {
    const { lang, t } = page(req);
    return html(reply, 200, userCodePage(t, lang, { userCode: req.query.user_code, error: req.query.error_description }));
  });

  app.post<{ Body: Form }>(DEVICE_PAGE_PATH, async (req, reply) => {
    const ctx = deps.context(req);
    const { lang, t } = page(req);
    const typed = req.body?.user_code ?? "";
    const userCode = normalizeUserCode(typed);
    const d = userCode ? deviceAuthorizationByUserCode(ctx.core.db, ctx.instance.id, userCode) : undefined;
    const problem = !d ? t.deviceCodeUnknown : isExpired(ctx.core.clock, d) ? t.deviceCodeExpired : d.state !== "pending" ? t.deviceCodeUsed : undefined;
    const client = d && findApp(ctx.core, ctx.instance, d.clientId);
    if (problem || !d || !client) return html(reply, 400, userCodePage(t, lang, { userCode: typed, error: problem ?? t.deviceCodeUnknown }));
    const params: AuthorizeParams = {
      clientId: d.clientId,
      redirectUri: ctx.issuer + DEVICE_PAGE_PATH,
      responseType: "code",
      responseMode: "query",
      scope: d.scope,
      prompt: [],
      uiLocales: [],
      deviceAuthorizationId: d.id,
    };
    return startLogin(ctx, reply, params, client, deps.userAgentId(req, reply));
  });

  /**
   * The device request behind a finished login of this user agent, still open for a decision;
   * else an error page.
   */
  const decisionOf = (req: FastifyRequest, reply: FastifyReply, id: string | undefined) => {
    const ctx = deps.context(req);
    const { lang, t } = page(req);
    const fail = (description: string) => {
      sendErrorPage(reply, { t, lang }, invalidRequest(description));
      return undefined;
    };
    const ar = id ? getAuthRequest(ctx.core.db, ctx.instance.id, id) : undefined;
    const d = ar?.params.deviceAuthorizationId ? deviceAuthorizationById(ctx.core.db, ctx.instance.id, ar.params.deviceAuthorizationId) : undefined;
    if (!ar || !d) return fail("unknown device request");
    const session = ar.sessionId ? getLoginSession(ctx.core.db, ar.instanceId, ar.sessionId) : undefined;
    // The request id alone is not enough: only the browser that signed in may decide.
    if (!session || session.terminatedAt || session.userAgentId !== req.cookies[USER_AGENT_COOKIE]) return fail("sign in on this browser first");
    if (isExpired(ctx.core.clock, d)) return fail(t.deviceCodeExpired);
    if (d.state !== "pending") return fail(t.deviceCodeUsed);
    return { ctx, d, session, lang, t };
  };

  app.get<{ Querystring: Form }>(DEVICE_CONSENT_PATH, async (req, reply) => {
    const r = decisionOf(req, reply, req.query.authRequest);
    if (!r) return reply;
    const user = getUser(r.ctx.core.db, r.session.instanceId, r.session.userId)!;
    const client = findApp(r.ctx.core, r.ctx.instance, r.d.clientId);
    const body = deviceConsentPage(r.t, r.lang, req.query.authRequest!, {
      userCode: r.d.userCode,
      appName: client?.name ?? r.d.clientId,
      loginName: loginName(r.ctx.core, user),
      scope: r.d.scope,
    });
    return html(reply, 200, body);
  });

  for (const action of ["allowed", "denied"] as const) {
    app.post<{ Body: Form }>(`${DEVICE_PAGE_PATH}/${action}`, async (req, reply) => {
      const r = decisionOf(req, reply, req.body?.authRequest);
      if (!r) return reply;
      decideDeviceAuthorization(r.ctx.core, oidcActor(r.d.instanceId, r.session.userId), r.d, action === "allowed", r.session);
      return html(reply, 200, deviceDonePage(r.t, r.lang, action === "allowed"));
    });
  }
}

// Faults and the request journal on the OIDC surface (issue 29): every OIDC endpoint and login page
// is checked for a fault once its body is read, and journaled once answered. The check is one
// property read while no fault is defined. A fault answers in the endpoint's own way: an OAuth error as
// JSON, or to the client's redirect URI at authorize and on the login pages (so the app sees it,
// as it sees a user who denied access); an HTTP status; a delay; a dropped connection; a body cut
// short; or tokens issued already expired or with a given lifetime.

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { IncomingMessage } from "node:http";
import type { Core } from "../domain/core.js";
import type { Instance } from "../domain/instance/instance.js";
import { getAuthRequest } from "../domain/auth-request/queries.js";
import type { FaultWhat, OidcEndpoint } from "../faults/fault.js";
import { negativeOf } from "../faults/negative-testing.js";
import { checkClient, checkRedirectUri, responseModeOf } from "./authorize/request.js";
import { findApp } from "./clients.js";
import { ENDPOINTS } from "./discovery.js";
import { OidcError, type OidcErrorCode } from "./errors.js";
import { sendAuthorizationError, sendErrorPage, sendOAuthError, type AuthorizationErrorTarget } from "./error-response.js";
import { pickLanguage, textsFor } from "./login/texts.js";
import type { OidcContext } from "./issue.js";
import { oauthParams } from "./parameters.js";
import { traceIfAny, traceOf } from "./request-trace.js";
import { userOfRequest } from "./request-user.js";

type ContextOf = (req: FastifyRequest) => OidcContext;

const BY_PATH: Record<string, OidcEndpoint> = {
  "/.well-known/openid-configuration": "discovery",
  [ENDPOINTS.jwks]: "jwks",
  [ENDPOINTS.authorization]: "authorize",
  [ENDPOINTS.token]: "token",
  [ENDPOINTS.introspection]: "introspect",
  [ENDPOINTS.userinfo]: "userinfo",
  [ENDPOINTS.revocation]: "revoke",
  [ENDPOINTS.endSession]: "end_session",
  [ENDPOINTS.deviceAuthorization]: "device_authorization",
};

/** The endpoint a route serves: the login and device pages are "login". */
export function endpointOf(routeUrl: string | undefined): OidcEndpoint | undefined {
  if (!routeUrl) return undefined;
  return BY_PATH[routeUrl] ?? (routeUrl.startsWith("/ui/login/") || routeUrl === "/device" ? "login" : undefined);
}

type Form = Record<string, unknown>;
const field = (o: unknown, name: string): string | undefined => {
  const v = o && typeof o === "object" ? (o as Form)[name] : undefined;
  return typeof v === "string" ? v : undefined;
};

/** The client a request names: its form or query's client_id, or the user part of Basic authentication. */
export function clientIdOf(req: FastifyRequest): string | undefined {
  const named = field(req.body, "client_id") ?? field(req.query, "client_id");
  if (named) return named;
  const auth = req.headers.authorization;
  if (!auth || !/^basic /i.test(auth)) return undefined;
  const decoded = Buffer.from(auth.slice(6).trim(), "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0) return undefined;
  try {
    return decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}

export function registerFaultHooks(
  app: FastifyInstance,
  core: Core,
  instanceOf: (req: IncomingMessage) => Instance | undefined,
  context: (req: FastifyRequest) => OidcContext,
): void {
  const { faults, journal } = negativeOf(core);

  app.addHook("preHandler", (req, reply, done) => {
    if (faults.none) return done();
    const instance = instanceOf(req.raw);
    const endpoint = endpointOf(req.routeOptions.url);
    if (!instance || !endpoint) return done();
    const clientId = clientIdOf(req);
    const trace = traceOf(req);
    // The user is looked up only when a fault narrowed to a user asks for it, once.
    const request = {
      instanceId: instance.id,
      endpoint,
      grantType: field(req.body, "grant_type"),
      clientId,
      get userId() {
        if (!("userId" in trace)) trace.userId = userOfRequest(core, instance.id, endpoint, req, clientId);
        return trace.userId;
      },
    };
    const strike = faults.strike(request);
    if (!strike) {
      const lifetime = endpoint === "token" ? faults.strike(request, true) : undefined;
      if (lifetime) {
        trace.strike = lifetime;
        trace.lifetimeS = lifetime.what.kind === "tokenExpiresIn" ? lifetime.what.seconds : 0;
      }
      return done();
    }
    trace.strike = strike;
    answer(strike.what, req, reply, context, done, () => journal.record(entryOf(core, instance.id, endpoint, req, null, reply.elapsedTime, strike.id)));
  });

  // A truncated body: the endpoint's real answer, cut in the middle.
  app.addHook("onSend", (req, _reply, payload, done) => {
    const strike = traceIfAny(req)?.strike;
    if (strike?.what.kind !== "truncate" || typeof payload !== "string") return done(null, payload);
    done(null, payload.slice(0, Math.floor(payload.length / 2)));
  });

  app.addHook("onResponse", (req, reply, done) => {
    const instance = instanceOf(req.raw);
    const endpoint = endpointOf(req.routeOptions.url);
    if (instance && endpoint)
      journal.record(entryOf(core, instance.id, endpoint, req, reply.statusCode, reply.elapsedTime, traceIfAny(req)?.strike?.id ?? null));
    done();
  });
}

/** The journal's entry of a request: its user as the handler noted it (issuance, userinfo, end session), else as the request names it. */
function entryOf(
  core: Core,
  instanceId: string,
  endpoint: OidcEndpoint,
  req: FastifyRequest,
  status: number | null,
  durationMs: number,
  faultId: string | null,
) {
  const clientId = clientIdOf(req);
  const trace = traceIfAny(req);
  const userId = trace && "userId" in trace ? trace.userId : userOfRequest(core, instanceId, endpoint, req, clientId);
  return {
    instanceId,
    surface: "oidc" as const,
    transport: "http" as const,
    endpoint,
    clientId: clientId ?? null,
    userId: userId ?? null,
    status,
    code: null,
    durationMs: Math.round(durationMs * 1000) / 1000,
    faultId,
  };
}

/** Answers a request as the fault says; `done` lets the request go on (a delay, a truncated body), `dropped` journals a dropped one. */
function answer(what: FaultWhat, req: FastifyRequest, reply: FastifyReply, context: ContextOf, done: () => void, dropped: () => void): void {
  switch (what.kind) {
    case "delay":
      setTimeout(done, what.ms);
      return;
    case "truncate":
      done();
      return;
    case "drop":
      dropped();
      req.raw.socket.destroy();
      return;
    case "http":
      if (what.retryAfter !== undefined) reply.header("retry-after", String(what.retryAfter));
      reply.code(what.status).header("cache-control", "no-store").type(what.contentType).send(what.body);
      return;
    case "oauthError": {
      if (what.retryAfter !== undefined) reply.header("retry-after", String(what.retryAfter));
      const err = new OidcError(what.error as OidcErrorCode, what.description, what.status);
      const endpoint = endpointOf(req.routeOptions.url);
      const target = endpoint === "authorize" ? authorizeTarget(req, context) : endpoint === "login" ? loginTarget(req, context) : undefined;
      if (target) sendAuthorizationError(reply, target, err);
      // The browser's pages with no client to trust show the error page, as their own refusals do.
      else if (endpoint === "authorize" || endpoint === "login" || endpoint === "end_session") {
        const lang = pickLanguage([], req.headers["accept-language"]);
        sendErrorPage(reply, { t: textsFor(lang), lang }, err, what.status);
      } else sendOAuthError(reply, err);
      return;
    }
    default:
      // Token lifetimes are matched apart (the issuance phase) and never reach here.
      done();
  }
}

/** Where authorize sends an error once the client and its redirect URI are known good; undefined: they are not. */
function authorizeTarget(req: FastifyRequest, ctx: ContextOf): AuthorizationErrorTarget | undefined {
  try {
    const q = oauthParams(req.method === "POST" ? req.body : req.query);
    const c = ctx(req);
    const app = checkClient(q, (id) => findApp(c.core, c.instance, id));
    return { redirectUri: checkRedirectUri(q, app, c.issuer), responseMode: responseModeOf(q, q.response_type), state: q.state };
  } catch {
    return undefined;
  }
}

/** A login page's authorization request, whose client gets the error. */
function loginTarget(req: FastifyRequest, ctx: ContextOf): AuthorizationErrorTarget | undefined {
  try {
    const q = oauthParams(req.method === "POST" ? req.body : req.query);
    const c = ctx(req);
    const ar = q.authRequest ? getAuthRequest(c.core.db, c.instance.id, q.authRequest) : undefined;
    if (!ar || ar.sessionId || ar.params.deviceAuthorizationId) return undefined;
    return { redirectUri: ar.params.redirectUri, responseMode: ar.params.responseMode, state: ar.params.state };
  } catch {
    return undefined;
  }
}

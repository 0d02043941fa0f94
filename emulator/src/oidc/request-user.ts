// The user an OIDC request names, read from its parameters before it is answered (issue 29): what a
// fault narrowed to a user matches, and the journal's user where no handler noted one. It names,
// it does not check: a code, a token or a hint is looked up (a JWT decoded, not verified), a password
// is not tried, as a fault narrowed to a client matches the client_id a request names. Synchronous
// and without side effects. Where each endpoint knows its user: docs/behaviour.md "where a user is known".

import type { FastifyRequest } from "fastify";
import { decodeJwt } from "jose";
import type { Core } from "../domain/core.js";
import { getAuthRequest, authRequestByCode } from "../domain/auth-request/queries.js";
import { deviceAuthorizationByDeviceCode } from "../domain/device-authorization/queries.js";
import { activeSessions, getLoginSession } from "../domain/login-session/queries.js";
import { cachedToken } from "../domain/token/queries.js";
import { findPersonalAccessToken, getUserByUsername } from "../domain/user/queries.js";
import type { OidcEndpoint } from "../faults/fault.js";
import { bearerToken } from "../auth/bearer-token.js";
import { findUserByLoginName } from "./login/find-user.js";
import { USER_AGENT_COOKIE } from "./user-agent.js";

type Form = Record<string, unknown>;

/** A form or query field given once as text; anything else names nothing. */
function text(o: unknown, name: string): string | undefined {
  const v = o && typeof o === "object" ? (o as Form)[name] : undefined;
  return typeof v === "string" && v !== "" ? v : undefined;
}

/** The `sub` of a JWT, decoded without checking its signature; undefined when it is none. */
function subjectOf(jwt: string): string | undefined {
  try {
    const sub = decodeJwt(jwt).sub;
    return typeof sub === "string" ? sub : undefined;
  } catch {
    return undefined;
  }
}

/** The user of a presented token: an access or refresh token of this instance, a personal access token, or a JWT's subject. */
function userOfToken(core: Core, instanceId: string, value: string): string | undefined {
  if (value.split(".").length === 3) return subjectOf(value);
  const t = cachedToken(core.db, value);
  if (t) return t.instanceId === instanceId ? t.userId : undefined;
  return findPersonalAccessToken(core.db, instanceId, value)?.userId;
}

const sessionUser = (core: Core, instanceId: string, sessionId: string | null | undefined) =>
  sessionId ? getLoginSession(core.db, instanceId, sessionId)?.userId : undefined;

/** The one user of the browser's active sessions; undefined when it has none or several users'. */
function userAgentUser(core: Core, instanceId: string, req: FastifyRequest): string | undefined {
  const agent = req.cookies?.[USER_AGENT_COOKIE];
  if (!agent) return undefined;
  const users = new Set(activeSessions(core.db, instanceId, agent).map((s) => s.userId));
  return users.size === 1 ? [...users][0] : undefined;
}

function tokenRequestUser(core: Core, instanceId: string, form: unknown, clientId: string | undefined): string | undefined {
  switch (text(form, "grant_type")) {
    case "authorization_code": {
      const code = text(form, "code");
      return code ? sessionUser(core, instanceId, authRequestByCode(core.db, instanceId, code)?.sessionId) : undefined;
    }
    case "refresh_token": {
      const token = text(form, "refresh_token");
      return token ? userOfToken(core, instanceId, token) : undefined;
    }
    case "client_credentials": {
      // A machine user's client id is its user name.
      const user = clientId ? getUserByUsername(core.db, instanceId, clientId) : undefined;
      return user?.type === "machine" ? user.id : undefined;
    }
    case "urn:ietf:params:oauth:grant-type:jwt-bearer": {
      const assertion = text(form, "assertion");
      return assertion ? subjectOf(assertion) : undefined;
    }
    case "urn:ietf:params:oauth:grant-type:device_code": {
      const deviceCode = text(form, "device_code");
      return (deviceCode && deviceAuthorizationByDeviceCode(core.db, instanceId, deviceCode)?.userId) || undefined;
    }
    case "urn:ietf:params:oauth:grant-type:token-exchange": {
      const subject = text(form, "subject_token");
      return subject ? userOfToken(core, instanceId, subject) : undefined;
    }
    default:
      return undefined;
  }
}

/** A login or device page's user: the one it names (shortcut, login name, chosen session) or the one its authorization request signed in. */
function loginPageUser(core: Core, instanceId: string, form: unknown): string | undefined {
  const userId = text(form, "userId");
  if (userId) return userId;
  const name = text(form, "loginName");
  if (name) return findUserByLoginName(core, instanceId, name)?.id;
  const sessionId = text(form, "sessionId");
  if (sessionId) return sessionUser(core, instanceId, sessionId);
  const authRequest = text(form, "authRequest");
  return authRequest ? sessionUser(core, instanceId, getAuthRequest(core.db, instanceId, authRequest)?.sessionId) : undefined;
}

/** The user `req` to `endpoint` names; `clientId` is the client it names (fault-hook.ts `clientIdOf`). */
export function userOfRequest(core: Core, instanceId: string, endpoint: OidcEndpoint, req: FastifyRequest, clientId: string | undefined): string | undefined {
  const params = req.method === "POST" ? req.body : req.query;
  switch (endpoint) {
    case "token":
      return tokenRequestUser(core, instanceId, req.body, clientId);
    case "userinfo": {
      const token = bearerToken(req.headers.authorization);
      return token ? userOfToken(core, instanceId, token) : undefined;
    }
    case "introspect":
    case "revoke": {
      const token = text(req.body, "token");
      return token ? userOfToken(core, instanceId, token) : undefined;
    }
    case "authorize":
    case "end_session": {
      const hint = text(params, "id_token_hint");
      return hint ? subjectOf(hint) : userAgentUser(core, instanceId, req);
    }
    case "login":
      return loginPageUser(core, instanceId, params);
    default:
      // discovery, jwks, device_authorization: no request of theirs names a user.
      return undefined;
  }
}

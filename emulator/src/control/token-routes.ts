// Issued tokens and login sessions as the control API shows them: list, introspect, userinfo, revoke,
// terminate. A session is found in the instance `?instanceId=` names, the default one without it
// (chosen-instance.ts); a token by its value alone.

import { Code } from "../kernel/errors.js";
import type { Actor } from "../domain/core.js";
import { terminateLoginSessions } from "../domain/login-session/commands.js";
import { getLoginSession, listLoginSessions } from "../domain/login-session/queries.js";
import { revokeToken } from "../domain/token/commands.js";
import { OIDC_TOKEN, TokenAdded, TokenRevoked } from "../domain/token/events.js";
import { getToken, isActive, listTokens, tokenWithDependents } from "../domain/token/queries.js";
import { chosenInstance } from "./chosen-instance.js";
import { sendControlError } from "./control-error.js";
import type { ControlContext } from "./control-context.js";
import { namedOrDefaultInstance } from "../domain/instance/queries.js";
import { verifyOwnJwt } from "../domain/signing-key/verify.js";
import { introspectionOf } from "../oidc/introspect.js";
import { instanceHost, listenerPort } from "./instance-origin.js";
import { issuerOf } from "../domain/instance/public-names.js";
import { LoopbackAgent } from "./flows/loopback.js";
import { ENDPOINTS } from "../oidc/discovery.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";

const CONSOLE = "EMULATOR-CONSOLE";
const consoleIn = (instanceId: string): Actor => ({ instanceId, userId: CONSOLE, origin: "control" });

export function registerTokenRoutes(app: ControlApp, ctx: ControlContext): void {
  const { core } = ctx;
  route(app, "tokens", async (req) => ({
    tokens: listTokens(core.db, req.query.instanceId).map((t) => ({ ...t, active: isActive(core.clock, t) })),
  }));

  // The token behind a value as the console sees it: its record (also when expired or revoked, for a
  // JWT once its signature checks out under the instance's issuer) and the introspection answer its
  // own client would get, without a client's credentials.
  route(app, "introspectToken", async (req, reply) => {
    const instance = namedOrDefaultInstance(core.db, req.body.instanceId);
    if (!instance) return sendControlError(reply, 404, Code.NotFound, "No such instance");
    const oidc = { core, keys: ctx.keys, instance, issuer: issuerOf(core.names, instanceHost(instance, listenerPort(ctx.runtime().url))) };
    const value = req.body.token.trim();
    const jti = value.split(".").length === 3 ? (await verifyOwnJwt(core, instance.id, oidc.issuer, value, { allowExpired: true }))?.jti : value;
    const found = jti ? getToken(core.db, jti) : undefined;
    const t = found?.instanceId === instance.id ? found : undefined;
    const active = !!t && isActive(core.clock, t);
    const added = t?.tokenId ? core.events.list({ aggregateType: OIDC_TOKEN, aggregateId: t.tokenId, type: TokenAdded.type, limit: 1 })[0] : undefined;
    return {
      token: t ? { ...t, active } : null,
      actionClaims: added && TokenAdded.is(added) ? (added.payload.actionClaims ?? { accessToken: [], idToken: [] }) : null,
      introspection: active && t.kind === "access" ? introspectionOf(oidc, t) : { active: false },
    };
  });

  // What the instance's userinfo endpoint answers for an access token, asked over loopback with the
  // instance's Host (the instance and issuer follow from it, as for any client): the real endpoint's
  // status, headers and body, an error (401 invalid_token, 403 insufficient_scope) included.
  route(app, "userinfo", async (req, reply) => {
    const instance = namedOrDefaultInstance(core.db, req.body.instanceId);
    if (!instance) return sendControlError(reply, 404, Code.NotFound, "No such instance");
    const token = req.body.token.trim();
    // A value that cannot go into an Authorization header is no bearer token (RFC 6750 2.1: visible ASCII).
    if (!/^[\x21-\x7e]+$/.test(token)) return sendControlError(reply, 400, Code.InvalidArgument, "the token has characters no bearer token has");
    const port = listenerPort(ctx.runtime().url);
    const agent = new LoopbackAgent(port, instanceHost(instance, port));
    return agent.send("userinfo", { method: "GET", path: ENDPOINTS.userinfo, headers: { authorization: `Bearer ${token}` } });
  });

  // A token is named by its value, which the emulator generated: unique in the whole emulator, so no
  // instance needs naming (a value of another instance's token revokes that token).
  route(app, "revokeToken", async (req, reply) => {
    const t = getToken(core.db, req.params.id);
    if (!t) return sendControlError(reply, 404, Code.NotFound, "No such token");
    const all = tokenWithDependents(core.db, t);
    // The tokens as this API lists them (by value); their events name them by their public ids.
    const events = new Set(revokeToken(core, consoleIn(t.instanceId), t).map((e) => e.aggregateId));
    return { revoked: all.filter((t) => events.has(t.tokenId ?? t.id)).map((t) => t.id) };
  });

  route(app, "sessions", async (req) => ({
    sessions: listLoginSessions(core.db, req.query.instanceId),
  }));

  route(app, "terminateSession", async (req, reply) => {
    const instance = chosenInstance(ctx, reply, req.query.instanceId);
    if (!instance) return reply;
    const s = getLoginSession(core.db, instance.id, req.params.id);
    if (!s) return sendControlError(reply, 404, Code.NotFound, "No such session");
    const events = terminateLoginSessions(core, [{ session: s, actor: consoleIn(s.instanceId) }]);
    return { terminated: s.id, revokedTokens: events.filter((e) => TokenRevoked.is(e)).length };
  });
}

// Issued tokens and login sessions as the control API shows them: list, revoke, terminate.

import { Code } from "../kernel/errors.js";
import { getToken, isActive, listTokens, revokeEvents, tokensWhere } from "../oidc/tokens.js";
import { getLoginSession, listLoginSessions, terminatedEvent } from "../oidc/login-sessions.js";
import { sendControlError } from "./control-error.js";
import type { ControlContext } from "./control-context.js";
import { ByInstanceQuery, ControlError, IdParams, SessionList, SessionTerminated, TokenList, TokensRevoked } from "./schemas.js";
import type { ControlApp } from "./type-provider.js";

const CONSOLE = "EMULATOR-CONSOLE";

export function registerTokenRoutes(app: ControlApp, ctx: ControlContext): void {
  const { core } = ctx;
  app.get("/tokens", { schema: { querystring: ByInstanceQuery, response: { 200: TokenList } } }, async (req) => ({
    tokens: listTokens(core, req.query.instanceId).map((t) => ({ ...t, active: isActive(core, t) })),
  }));

  app.post("/tokens/:id/_revoke", { schema: { params: IdParams, response: { 200: TokensRevoked, 404: ControlError } } }, async (req, reply) => {
    const t = getToken(core, req.params.id);
    if (!t) return sendControlError(reply, 404, Code.NotFound, "No such token");
    const all = t.kind === "refresh" ? [t, ...tokensWhere(core, "refresh_token_id", t.id)] : [t];
    // The tokens as this API lists them (by value); their events name them by their public ids.
    const events = new Set(core.events.push(revokeEvents(all, CONSOLE)).map((e) => e.aggregateId));
    return { revoked: all.filter((t) => events.has(t.tokenId ?? t.id)).map((t) => t.id) };
  });

  app.get("/sessions", { schema: { querystring: ByInstanceQuery, response: { 200: SessionList } } }, async (req) => ({ sessions: listLoginSessions(core, req.query.instanceId) }));

  app.post("/sessions/:id/_terminate", { schema: { params: IdParams, response: { 200: SessionTerminated, 404: ControlError } } }, async (req, reply) => {
    const s = getLoginSession(core, req.params.id);
    if (!s) return sendControlError(reply, 404, Code.NotFound, "No such session");
    const events = [...(s.terminatedAt ? [] : [terminatedEvent(s, CONSOLE)]), ...revokeEvents(tokensWhere(core, "session_id", s.id), CONSOLE)];
    core.events.push(events);
    return { terminated: s.id, revokedTokens: events.length - (s.terminatedAt ? 0 : 1) };
  });
}

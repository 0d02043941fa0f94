// Issued tokens and login sessions as the control API shows them: list, revoke, terminate.

import { Code } from "../kernel/errors.js";
import type { Actor } from "../domain/core.js";
import { terminateLoginSessions } from "../domain/login-session/commands.js";
import { getLoginSession, listLoginSessions } from "../domain/login-session/queries.js";
import { revokeToken } from "../domain/token/commands.js";
import { TokenRevoked } from "../domain/token/events.js";
import { getToken, isActive, listTokens, tokenWithDependents } from "../domain/token/queries.js";
import { sendControlError } from "./control-error.js";
import type { ControlContext } from "./control-context.js";
import { ByInstanceQuery, ControlError, IdParams, SessionList, SessionTerminated, TokenList, TokensRevoked } from "./schemas.js";
import type { ControlApp } from "./type-provider.js";

const CONSOLE = "EMULATOR-CONSOLE";
const consoleIn = (instanceId: string): Actor => ({ instanceId, userId: CONSOLE, origin: "control" });

export function registerTokenRoutes(app: ControlApp, ctx: ControlContext): void {
  const { core } = ctx;
  app.get("/tokens", { schema: { querystring: ByInstanceQuery, response: { 200: TokenList } } }, async (req) => ({
    tokens: listTokens(core.db, req.query.instanceId).map((t) => ({ ...t, active: isActive(core.clock, t) })),
  }));

  app.post("/tokens/:id/_revoke", { schema: { params: IdParams, response: { 200: TokensRevoked, 404: ControlError } } }, async (req, reply) => {
    const t = getToken(core.db, req.params.id);
    if (!t) return sendControlError(reply, 404, Code.NotFound, "No such token");
    const all = tokenWithDependents(core.db, t);
    // The tokens as this API lists them (by value); their events name them by their public ids.
    const events = new Set(revokeToken(core, consoleIn(t.instanceId), t).map((e) => e.aggregateId));
    return { revoked: all.filter((t) => events.has(t.tokenId ?? t.id)).map((t) => t.id) };
  });

  app.get("/sessions", { schema: { querystring: ByInstanceQuery, response: { 200: SessionList } } }, async (req) => ({
    sessions: listLoginSessions(core.db, req.query.instanceId),
  }));

  app.post("/sessions/:id/_terminate", { schema: { params: IdParams, response: { 200: SessionTerminated, 404: ControlError } } }, async (req, reply) => {
    const s = getLoginSession(core.db, req.params.id);
    if (!s) return sendControlError(reply, 404, Code.NotFound, "No such session");
    const events = terminateLoginSessions(core, [{ session: s, actor: consoleIn(s.instanceId) }]);
    return { terminated: s.id, revokedTokens: events.filter((e) => TokenRevoked.is(e)).length };
  });
}

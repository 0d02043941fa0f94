// Issued tokens and login sessions as the control API shows them: list, revoke, terminate.

import type { FastifyInstance } from "fastify";
import { Type, type Static } from "@sinclair/typebox";
import { Code } from "../kernel/errors.js";
import type { Actor } from "../domain/core.js";
import { terminateLoginSessions } from "../domain/login-session/commands.js";
import { getLoginSession, listLoginSessions } from "../domain/login-session/queries.js";
import { revokeToken } from "../domain/token/commands.js";
import { tokenRevoked } from "../domain/token/events.js";
import { getToken, isActive, listTokens, tokenWithDependents } from "../domain/token/queries.js";
import { sendControlError } from "./control-error.js";
import type { ControlContext } from "./control-context.js";

const ByInstance = Type.Object({ instance_id: Type.Optional(Type.String()) }, { additionalProperties: false });
const IdParams = Type.Object({ id: Type.String({ minLength: 1 }) });
const CONSOLE = "EMULATOR-CONSOLE";
const consoleIn = (instanceId: string): Actor => ({ instanceId, userId: CONSOLE, origin: "control" });

export function registerTokenRoutes(app: FastifyInstance, ctx: ControlContext): void {
  const { core } = ctx;
  app.get<{ Querystring: Static<typeof ByInstance> }>("/tokens", { schema: { querystring: ByInstance } }, async (req) => ({
    tokens: listTokens(core.db, req.query.instance_id).map((t) => ({ ...t, active: isActive(core.clock, t) })),
  }));

  app.post<{ Params: Static<typeof IdParams> }>("/tokens/:id/_revoke", { schema: { params: IdParams } }, async (req, reply) => {
    const t = getToken(core.db, req.params.id);
    if (!t) return sendControlError(reply, 404, Code.NotFound, "No such token");
    const all = tokenWithDependents(core.db, t);
    // The tokens as this API lists them (by value); their events name them by their public ids.
    const events = new Set(revokeToken(core, consoleIn(t.instanceId), t).map((e) => e.aggregateId));
    return { revoked: all.filter((t) => events.has(t.tokenId ?? t.id)).map((t) => t.id) };
  });

  app.get<{ Querystring: Static<typeof ByInstance> }>("/sessions", { schema: { querystring: ByInstance } }, async (req) => ({ sessions: listLoginSessions(core.db, req.query.instance_id) }));

  app.post<{ Params: Static<typeof IdParams> }>("/sessions/:id/_terminate", { schema: { params: IdParams } }, async (req, reply) => {
    const s = getLoginSession(core.db, req.params.id);
    if (!s) return sendControlError(reply, 404, Code.NotFound, "No such session");
    const events = terminateLoginSessions(core, [{ session: s, actor: consoleIn(s.instanceId) }]);
    return { terminated: s.id, revokedTokens: events.filter((e) => tokenRevoked.is(e)).length };
  });
}

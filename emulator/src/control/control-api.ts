// The control API under /emulator/v1 (issue 2, DESIGN 8): health and ready for anyone; reset,
// snapshots, clock, change notices, event log, instance features, local buckets, org import, diff, jobs, the flow runner, user state / metadata,
// faults and the request journal
// with `Authorization: Bearer <consoleToken>`
// or the UI's session cookie with a same-origin proof (ui-access.ts).
// Errors use the same {code, message} body as the resource API's routing errors. Requests and
// answers are declared in schemas.ts, in lowerCamel (snake_case names still read: casing.ts).

import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { acceptSnakeCase } from "./casing.js";
import { contractCheck, route } from "./register-route.js";
import type { ControlApp, TypeBoxProvider } from "./type-provider.js";
import { bearerToken } from "../auth/bearer-token.js";
import { Code } from "../kernel/errors.js";
import type { ControlContext } from "./control-context.js";
import { sendControlError } from "./control-error.js";
import { findMalformedParameter } from "../kernel/text.js";
import { registerChangeRoutes } from "./change-routes.js";
import { registerClockRoutes } from "./clock-routes.js";
import { registerEventRoutes } from "./event-routes.js";
import { registerInstanceRoutes } from "./instance-routes.js";
import { registerInstanceSeedRoutes } from "./instance-seed-routes.js";
import { registerSnapshotRoutes } from "./snapshot-routes.js";
import { registerTokenRoutes } from "./token-routes.js";
import { registerOutboxRoutes } from "./outbox-routes.js";
import { registerTargetCallRoutes } from "./target-call-routes.js";
import { registerSinkEndpoint, registerSinkRoutes } from "./sink-routes.js";
import { registerBucketRoutes } from "./bucket-routes.js";
import { registerImportRoutes } from "./import-routes.js";
import { registerDiffRoutes } from "./diff-routes.js";
import { registerJobRoutes } from "./job-routes.js";
import { uiCsrfProblem } from "./ui-access.js";
import { registerUiSessionRoutes } from "./ui-session-routes.js";
import { registerFlowRoutes } from "./flow-routes.js";
import { registerUserRoutes } from "./user-routes.js";
import { registerFaultRoutes } from "./fault-routes.js";
import { registerRequestRoutes } from "./request-routes.js";

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function controlApi(plain: FastifyInstance, ctx: ControlContext): Promise<void> {
  const app: ControlApp = plain.withTypeProvider<TypeBoxProvider>();
  const contract = contractCheck(app);
  // Answers are written as before (JSON.stringify); their schemas type-check the routes and document
  // the API, and a test checks the answers against them.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Text that may not be stored (NUL, invalid UTF-8) is refused before any route sees it.
  app.addHook("preValidation", async (req, reply) => {
    const bad = findMalformedParameter(req);
    if (bad) return sendControlError(reply, 400, Code.InvalidArgument, `invalid parameter ${bad}`);
    acceptSnakeCase(req.query);
    acceptSnakeCase(req.body);
  });
  route(app, "health", async () => ({ status: "ok" as const }));
  route(app, "ready", async () => ({ ready: true as const }));
  await registerSinkEndpoint(app, ctx);

  await app.register(async (secured: ControlApp) => {
    contract.secured(secured);
    secured.addHook("onRequest", async (req: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(req.headers.authorization);
      if (!token && ctx.ui.hasSession(req.headers)) {
        const problem = uiCsrfProblem(req.headers);
        return problem ? sendControlError(reply, 403, Code.PermissionDenied, problem) : undefined;
      }
      if (!token) return sendControlError(reply, 401, Code.Unauthenticated, "The control API needs Authorization: Bearer <consoleToken>");
      if (!sameToken(token, ctx.consoleToken)) return sendControlError(reply, 401, Code.Unauthenticated, "The console token is not valid");
    });
    route(secured, "reset", async () => {
      ctx.reset();
      return { reset: true as const };
    });
    registerSnapshotRoutes(secured, ctx);
    registerClockRoutes(secured, ctx);
    registerChangeRoutes(secured, ctx);
    registerEventRoutes(secured, ctx);
    registerInstanceRoutes(secured, ctx);
    registerInstanceSeedRoutes(secured, ctx);
    registerTokenRoutes(secured, ctx);
    registerOutboxRoutes(secured, ctx);
    registerTargetCallRoutes(secured, ctx);
    registerSinkRoutes(secured, ctx);
    registerBucketRoutes(secured, ctx);
    registerImportRoutes(secured, ctx);
    registerDiffRoutes(secured, ctx);
    registerJobRoutes(secured, ctx);
    registerUiSessionRoutes(secured, ctx);
    registerFlowRoutes(secured, ctx);
    registerUserRoutes(secured, ctx);
    registerFaultRoutes(secured, ctx);
    registerRequestRoutes(secured, ctx);
  });
  contract.check();
}

// A control route's handler, registered by its id in the contract (routes.ts): method, path, schemas
// and body limit come from there, and the handler is typed by them (type-provider.ts), so what it reads
// and answers is what the contract declares. `served` checks at start that the server has exactly the
// contract's routes, no more, no fewer.

import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  preValidationHookHandler,
} from "fastify";
import { CONTROL_PREFIX, CONTROL_ROUTES, type ControlRouteId, type ControlRoutes } from "./routes.js";
import type { ControlApp, TypeBoxProvider } from "./type-provider.js";

export type ControlHandler<Id extends ControlRouteId> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  ControlRoutes[Id]["schema"],
  TypeBoxProvider,
  FastifyBaseLogger
>;

/** Registers `handler` as the contract's route `id`; `preValidation`: a hook of this route alone. */
export function route<Id extends ControlRouteId>(app: ControlApp, id: Id, handler: ControlHandler<Id>, preValidation?: preValidationHookHandler): void {
  const def: { method: string; url: string; schema: object; bodyLimit?: number } = CONTROL_ROUTES[id];
  app.route({
    method: def.method,
    url: def.url,
    schema: def.schema,
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    ...(preValidation ? { preValidation } : {}),
    handler: handler as RouteHandlerMethod,
  });
}

const key = (method: string, url: string) => `${method} ${url}`;

/** Adds each route registered on `app` (and below it) to `into`, as "METHOD /path" below the prefix. */
function collect(app: ControlApp, into: Set<string>): void {
  app.addHook("onRoute", (r) => {
    for (const m of [r.method].flat()) if (m !== "HEAD") into.add(key(m, r.url.slice(CONTROL_PREFIX.length)));
  });
}

/**
 * Watches the routes registered on `app` (call it before any) and on its secured scope (`secured(scope)`),
 * then `check()` throws unless they are exactly the contract's, the open ones outside the secured scope.
 */
export function contractCheck(app: ControlApp): { secured(scope: ControlApp): void; check(): void } {
  const seen = new Set<string>();
  const guarded = new Set<string>();
  collect(app, seen);
  return {
    secured: (scope) => collect(scope, guarded),
    check() {
      const routes = Object.values(CONTROL_ROUTES) as { method: string; url: string; open?: true }[];
      const declared = new Set(routes.map((r) => key(r.method, r.url)));
      const problems = [
        ...[...declared].filter((k) => !seen.has(k)).map((k) => `no handler for ${k}`),
        ...[...seen].filter((k) => !declared.has(k)).map((k) => `${k} is not declared`),
        ...routes
          .filter((r) => !r.open === !guarded.has(key(r.method, r.url)))
          .map((r) => `${key(r.method, r.url)} is ${r.open ? "declared open" : "not secured"}`),
      ];
      if (problems.length) throw new Error(`The control API differs from its contract (control/routes.ts): ${problems.join("; ")}`);
    },
  };
}

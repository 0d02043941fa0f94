// The HTTP/1.1 application: REST routes of the rpc table, the control API, and (through the same
// Node server) gRPC-web. Requests whose Host is neither loopback nor an instance domain are refused
// (DESIGN 11, against DNS rebinding); the instance found for the Host then is the one every surface uses,
// but the resource API, which an instance-host header may point at another instance (request-instance.ts).

import Fastify, { type FastifyInstance, type FastifyError } from "fastify";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Core } from "../domain/core.js";
import { registerRestRoutes, sendRoutingError } from "../api/rest-adapter.js";
import { isGrpcWeb } from "../api/grpc-web.js";
import type { ApiLoader } from "../api/api-loader.js";
import { controlApi } from "../control/control-api.js";
import { CONTROL_PREFIX } from "../control/routes.js";
import { oidcRoutes } from "../oidc/routes.js";
import { demoRoutes } from "../demo/demo-page.js";
import type { SigningKeys } from "../domain/signing-key/signing-key.js";
import type { ControlContext } from "../control/control-context.js";
import { sendControlError } from "../control/control-error.js";
import { Code } from "../kernel/errors.js";
import type { RequestInstances } from "./request-instance.js";
import { frameProtection } from "./frame-protection.js";
import { registerCors } from "./cors.js";
import { lazyValidatorCompiler } from "./lazy-validator.js";
import { BODY_LIMIT, bodyTooLargeText, isBodyTooLarge } from "../kernel/body-limit.js";
import { drainUnreadBody } from "./body-limits.js";
import { decodeUtf8Escaping } from "../kernel/text.js";
import { gcsRoutes } from "../bucket/gcs-routes.js";
import { uiRoutes } from "./ui-static.js";
import { MAX_PARAM_LENGTH, clientError, frameworkErrors, refuseHost } from "./request-errors.js";

export interface HttpApp {
  app: FastifyInstance;
  server: Server;
}

export async function createHttpApp(core: Core, api: ApiLoader, control: ControlContext, keys: SigningKeys, instances: RequestInstances): Promise<HttpApp> {
  let server: Server | undefined;
  const app = Fastify({
    logger: false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Requests refused before a route is found still get the error format of their surface.
    frameworkErrors: frameworkErrors((req) => instances.admit(req)),
    clientErrorHandler: clientError,
    bodyLimit: BODY_LIMIT,
    serverFactory: (handler) => {
      server = createServer((req, res) => {
        drainUnreadBody(req, res);
        if (isGrpcWeb(req.headers["content-type"])) {
          if (!instances.admit(req)) return void res.writeHead(403).end();
          return api.grpc(req, res, instances.apiTargetOf(req));
        }
        handler(req, res);
      });
      return server;
    },
  });

  app.setValidatorCompiler(lazyValidatorCompiler());
  const instanceOf = (req: IncomingMessage) => instances.of(req);

  // Hooks on every request are callback style: an async hook costs a promise and a microtask per request.
  app.addHook("onRequest", (req, reply, done) => {
    if (instances.admit(req.raw)) return done();
    refuseHost(reply, req.headers.host);
  });

  // On the root instance, so it covers every route registered below, whichever plugin adds it.
  app.addHook("onSend", frameProtection);

  // JSON and text bodies keep invalid UTF-8 detectable (text.ts); each surface refuses it in its format.
  const json = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (req, body, done) => json(req, decodeUtf8Escaping(body as Buffer), done));
  app.addContentTypeParser("text/plain", { parseAs: "buffer" }, (_req, body, done) => done(null, decodeUtf8Escaping(body as Buffer)));

  app.setErrorHandler((err: FastifyError, req, reply) => {
    // The text names the route's own limit (the org document routes have a larger one).
    if (isBodyTooLarge(err)) return sendControlError(reply, 413, Code.ResourceExhausted, bodyTooLargeText(req.routeOptions?.bodyLimit));
    if (err.validation) return sendControlError(reply, 400, Code.InvalidArgument, err.message);
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) console.error("svc-emulator: internal error:", err);
    return sendControlError(reply, status, status === 500 ? Code.Internal : Code.InvalidArgument, status === 500 ? "Internal error" : err.message);
  });

  // Browser apps call the OIDC endpoints and the resource API from their own origin; the control API stays same-origin.
  registerCors(app);

  let restPaths: RegExp[] = [];
  await app.register(async (rest) => {
    restPaths = registerRestRoutes(rest, api.restRoutes, api.rest, (req) => instances.apiTargetOf(req));
  });
  await app.register(async (c) => controlApi(c, control), { prefix: CONTROL_PREFIX });
  await app.register(async (o) => oidcRoutes(o, core, keys, instanceOf));
  await app.register(async (d) => demoRoutes(d));
  await app.register(async (u) => uiRoutes(u, control.ui));
  // Encapsulated: the bucket store reads every body raw and answers errors in GCS's format.
  await app.register(async (g) => gcsRoutes(g, control.buckets));

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?", 1)[0]!;
    return sendRoutingError(
      reply,
      restPaths.some((p) => p.test(path)),
    );
  });

  await app.ready();
  return { app, server: server! };
}

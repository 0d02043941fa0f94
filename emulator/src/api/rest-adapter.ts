// HTTP/JSON transport: one fastify route per google.api.http rule of the rpc table, all served by
// the same pipeline as gRPC (rest-call.ts). Errors are the rpc status body with the code's HTTP status (wire-facts 5).

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { IncomingMessage } from "node:http";
import { Code, SvcError, rpcStatusBody, toSvcError } from "../kernel/errors.js";
import { bodyTooLargeText, isBodyTooLarge } from "../kernel/body-limit.js";
import { decodeUtf8Escaping } from "../kernel/text.js";
import type { ApiTarget } from "./rpc-pipeline.js";
import { fastifyPath, type RestRoute, templatePattern } from "./rest-routes.js";

export function sendRpcError(reply: FastifyReply, err: unknown, httpStatus?: number): FastifyReply {
  const e = toSvcError(err);
  return reply
    .code(httpStatus ?? e.httpStatus)
    .type("application/json")
    .send(JSON.stringify(rpcStatusBody(e)));
}

/** Errors fastify raises before a REST handler runs (body size, body reading), as rpc status bodies. */
function sendRequestError(err: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  // ResourceExhausted, as gRPC answers a message above its limit; 413 rather than that code's 429,
  // which would tell the client to send the same body again later. The text names the route's limit.
  if (isBodyTooLarge(err)) {
    const text = bodyTooLargeText(req.routeOptions?.bodyLimit);
    return sendRpcError(reply, new SvcError(Code.ResourceExhausted, "REST-body-too-large", text), 413);
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) return sendRpcError(reply, new SvcError(Code.InvalidArgument, "REST-invalid-request", err.message));
  return sendRpcError(reply, err);
}

/** Serves one REST call of the rpc at `rpc` (its path in the table) for the instance the server resolved. */
export type RestServe = (rpc: string, req: FastifyRequest, reply: FastifyReply, target: ApiTarget) => Promise<FastifyReply>;

/**
 * Registers the REST routes; returns the path templates, for telling 405 from 404. `targetOf` gives
 * the instance (and the host naming it) the server resolved for a request when it arrived. The routes
 * come as data (rest-routes.ts), so registering them builds no descriptor; `serve` does, on first use.
 */
export function registerRestRoutes(
  app: FastifyInstance,
  routes: readonly RestRoute[],
  serve: RestServe,
  targetOf: (req: IncomingMessage) => ApiTarget,
): RegExp[] {
  const patterns: RegExp[] = [];
  // REST bodies are read raw and parsed by the adapter, so a bad body gets the rpc error format;
  // invalid UTF-8 stays detectable for the pipeline's string check.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, decodeUtf8Escaping(body as Buffer)));
  app.setErrorHandler((err: FastifyError, req, reply) => sendRequestError(err, req, reply));
  for (const route of routes) {
    patterns.push(templatePattern(route.template));
    app.route({
      method: route.verb,
      url: fastifyPath(route.template),
      bodyLimit: route.bodyLimit,
      handler: (req, reply) => serve(route.rpc, req, reply, targetOf(req.raw)),
    });
  }
  return patterns;
}

/** Routing errors have no details, as the product's gateway answers them. */
export function sendRoutingError(reply: FastifyReply, knownPath: boolean): FastifyReply {
  const body = knownPath ? { code: Code.Unimplemented, message: "Method Not Allowed" } : { code: Code.NotFound, message: "Not Found" };
  return reply
    .code(knownPath ? 405 : 404)
    .type("application/json")
    .send(JSON.stringify(body));
}

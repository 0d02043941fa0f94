// HTTP/JSON transport: one fastify route per google.api.http rule of the rpc table, all served by
// the same pipeline as gRPC. Errors are the rpc status body with the code's HTTP status (wire-facts 5).

import { toJson } from "@bufbuild/protobuf";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Core } from "../domain/core.js";
import type { IncomingMessage } from "node:http";
import { Code, SvcError, rpcStatusBody, toSvcError } from "../kernel/errors.js";
import { bodyTooLargeText, isBodyTooLarge } from "../kernel/body-limit.js";
import { decodeUtf8Escaping } from "../kernel/text.js";
import type { HttpRule } from "../gen/google/api/http_pb.js";
import { escapingProtoDecoding } from "../kernel/proto-strings.js";
import { invokeRpc, type ApiTarget } from "./rpc-pipeline.js";
import { restRequestMessage } from "./rest-request.js";
import type { RpcTable } from "./rpc.js";

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

function verbAndPath(rule: HttpRule): { verb: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; template: string } | undefined {
  const p = rule.pattern;
  switch (p.case) {
    case "get":
      return { verb: "GET", template: p.value };
    case "post":
      return { verb: "POST", template: p.value };
    case "put":
      return { verb: "PUT", template: p.value };
    case "patch":
      return { verb: "PATCH", template: p.value };
    case "delete":
      return { verb: "DELETE", template: p.value };
    default:
      return undefined;
  }
}

/** `/a/{id}/b` -> `/a/:id/b`; only single-segment variables are used by the protos. */
function fastifyPath(template: string): string {
  return template.replace(/\{([a-z_.]+)\}/g, (_m, name: string) => `:${name}`);
}

export function templatePattern(template: string): RegExp {
  const src = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[a-z_.]+\\?\}|\{[a-z_.]+\}/g, "[^/]+");
  return new RegExp(`^${src}$`);
}

/**
 * Registers the REST routes; returns the path templates, for telling 405 from 404. `targetOf` gives
 * the instance (and the host naming it) the server resolved for a request when it arrived.
 */
export function registerRestRoutes(app: FastifyInstance, core: Core, table: RpcTable, targetOf: (req: IncomingMessage) => ApiTarget): RegExp[] {
  const patterns: RegExp[] = [];
  // REST bodies are read raw and parsed by the adapter, so a bad body gets the rpc error format;
  // invalid UTF-8 stays detectable for the pipeline's string check.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, decodeUtf8Escaping(body as Buffer)));
  app.setErrorHandler((err: FastifyError, req, reply) => sendRequestError(err, req, reply));
  for (const entry of table.entries) {
    const route = entry.httpRule && verbAndPath(entry.httpRule);
    if (!route) continue;
    patterns.push(templatePattern(route.template));
    app.route({
      method: route.verb,
      url: fastifyPath(route.template),
      bodyLimit: entry.bodyLimit,
      handler: async (req, reply) => {
        try {
          const { message, documents } = escapingProtoDecoding(() =>
            restRequestMessage(entry.method.input, {
              pathParams: req.params as Record<string, string>,
              query: req.query as Record<string, string | string[]>,
              rawBody: typeof req.body === "string" ? req.body : undefined,
              bodyField: entry.httpRule!.body,
            }),
          );
          const result = await invokeRpc(core, entry, message, {
            host: targetOf(req.raw).host,
            authorization: req.headers.authorization,
            instance: targetOf(req.raw).instance,
            documents,
            header: (name) => {
              const v = req.headers[name];
              return Array.isArray(v) ? v[0] : v;
            },
          });
          return reply
            .code(result.httpStatus)
            .type("application/json")
            .send(JSON.stringify(toJson(entry.method.output, result.message)));
        } catch (err) {
          return sendRpcError(reply, err);
        }
      },
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

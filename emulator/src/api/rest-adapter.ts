// HTTP/JSON transport: one fastify route per google.api.http rule of the rpc table, all served by
// the same pipeline as gRPC. Errors are the rpc status body with the code's HTTP status (wire-facts 5).

import { toJson } from "@bufbuild/protobuf";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Core } from "../core.js";
import { Code, rpcStatusBody, toSvcError } from "../server/errors.js";
import type { HttpRule } from "../gen/google/api/http_pb.js";
import { invokeRpc } from "./rpc-pipeline.js";
import { restRequestMessage } from "./rest-request.js";
import type { RpcTable } from "./rpc.js";

export function sendRpcError(reply: FastifyReply, err: unknown): FastifyReply {
  const e = toSvcError(err);
  return reply.code(e.httpStatus).type("application/json").send(JSON.stringify(rpcStatusBody(e)));
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

/** Registers the REST routes; returns the path templates, for telling 405 from 404. */
export function registerRestRoutes(app: FastifyInstance, core: Core, table: RpcTable): RegExp[] {
  const patterns: RegExp[] = [];
  // REST bodies are read raw and parsed by the adapter, so a bad body gets the rpc error format.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
  for (const entry of table.entries) {
    const route = entry.httpRule && verbAndPath(entry.httpRule);
    if (!route) continue;
    patterns.push(templatePattern(route.template));
    app.route({
      method: route.verb,
      url: fastifyPath(route.template),
      handler: async (req, reply) => {
        try {
          const message = restRequestMessage(entry.method.input, {
            pathParams: req.params as Record<string, string>,
            query: req.query as Record<string, string | string[]>,
            rawBody: typeof req.body === "string" ? req.body : undefined,
            bodyField: entry.httpRule!.body,
          });
          const result = await invokeRpc(core, entry, message, { host: req.headers.host, authorization: req.headers.authorization });
          return reply.code(result.httpStatus).type("application/json").send(JSON.stringify(toJson(entry.method.output, result.message)));
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
  return reply.code(knownPath ? 405 : 404).type("application/json").send(JSON.stringify(body));
}

// One HTTP/JSON call of an rpc: the request message from the path, query and body by the rpc's
// HTTP rule, the shared pipeline, and the response message as proto3 JSON. Loaded with the
// descriptors on the first resource API request (api-loader.ts); the routes are registered without it.

import { toJson } from "@bufbuild/protobuf";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Core } from "../domain/core.js";
import { escapingProtoDecoding } from "../kernel/proto-strings.js";
import { sendRpcError } from "./rest-adapter.js";
import { restRequestMessage } from "./rest-request.js";
import { type ApiTarget, invokeRpc } from "./rpc-pipeline.js";
import type { RpcEntry } from "./rpc.js";
import { FaultAnswer } from "./rpc-faults.js";

/** A fault's HTTP answer as it is; a dropped connection gets nothing (its socket is gone). */
function sendFaultAnswer(reply: FastifyReply, answer: FaultAnswer): FastifyReply {
  if (!answer.http) return reply;
  if (answer.http.retryAfter !== undefined) reply.header("retry-after", String(answer.http.retryAfter));
  return reply.code(answer.http.status).type(answer.http.contentType).send(answer.http.body);
}

export async function serveRestCall(core: Core, entry: RpcEntry, req: FastifyRequest, reply: FastifyReply, target: ApiTarget): Promise<FastifyReply> {
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
      host: target.host,
      authorization: req.headers.authorization,
      instance: target.instance,
      documents,
      transport: "rest",
      drop: () => req.raw.socket.destroy(),
      header: (name) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      },
    });
    const body = JSON.stringify(toJson(entry.method.output, result.message));
    return reply
      .code(result.httpStatus)
      .type("application/json")
      .send(result.truncate ? body.slice(0, Math.floor(body.length / 2)) : body);
  } catch (err) {
    if (err instanceof FaultAnswer) return sendFaultAnswer(reply, err);
    return sendRpcError(reply, err);
  }
}

// The control API's error body: {code, message}, the gRPC code and a sentence, like the routing errors.

import type { FastifyReply } from "fastify";
import type { Code } from "../kernel/errors.js";

export function sendControlError(reply: FastifyReply, status: number, code: Code, message: string): FastifyReply {
  return reply.code(status).type("application/json").send(JSON.stringify({ code, message }));
}

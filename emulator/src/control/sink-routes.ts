// The target sink in the control API: the public endpoint targets call, and (with the console
// token) its configuration and the calls it received.

import type { FastifyInstance } from "fastify";
import { Type, type Static } from "@sinclair/typebox";
import { listSinkCalls, recordSinkCall, setSinkConfig, sinkConfig, sinkSignatureValid } from "../actions/sink.js";
import { SIGNATURE_HEADER } from "../actions/signature.js";
import { Code } from "../kernel/errors.js";
import type { ControlContext } from "./control-context.js";
import { sendControlError } from "./control-error.js";

const SinkName = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200, pattern: "^[A-Za-z0-9._-]+$" }) });
const SinkConfigBody = Type.Object(
  { status: Type.Integer({ minimum: 200, maximum: 599 }), body: Type.Optional(Type.Unknown({ description: "answered as JSON; a string is answered as is" })) },
  { additionalProperties: false },
);

/** POST /sink/{name}: open to anyone, like any webhook receiver; the signature is what it checks. */
export async function registerSinkEndpoint(app: FastifyInstance, ctx: ControlContext): Promise<void> {
  await app.register(async (sink) => {
    // The signature covers the exact bytes, so the body is kept as text.
    sink.removeAllContentTypeParsers();
    sink.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
    sink.post<{ Params: Static<typeof SinkName>; Body: string }>("/sink/:name", { schema: { params: SinkName } }, async (req, reply) => {
      const { core } = ctx;
      const body = typeof req.body === "string" ? req.body : "";
      const header = req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined;
      const signatureValid = sinkSignatureValid(core, req.params.name, header, body);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      recordSinkCall(core, { id: core.ids.next(), name: req.params.name, headers, body, signatureValid, createdAt: core.clock.now().toISOString() });
      if (!signatureValid) return sendControlError(reply, 400, Code.InvalidArgument, header ? `webhook has invalid ${SIGNATURE_HEADER} header` : `webhook has no ${SIGNATURE_HEADER} header`);
      const config = sinkConfig(core, req.params.name);
      return reply.code(config.status).type("application/json").send(config.body);
    });
  });
}

export function registerSinkRoutes(app: FastifyInstance, ctx: ControlContext): void {
  app.put<{ Params: Static<typeof SinkName>; Body: Static<typeof SinkConfigBody> }>("/sinks/:name", { schema: { params: SinkName, body: SinkConfigBody } }, async (req) => {
    const b = req.body;
    const body = b.body === undefined ? "" : typeof b.body === "string" ? b.body : JSON.stringify(b.body);
    setSinkConfig(ctx.core, req.params.name, { status: b.status, body });
    return { name: req.params.name, status: b.status, body };
  });
  app.get<{ Params: Static<typeof SinkName> }>("/sinks/:name", { schema: { params: SinkName } }, async (req) => ({ name: req.params.name, ...sinkConfig(ctx.core, req.params.name) }));
  app.get<{ Params: Static<typeof SinkName> }>("/sinks/:name/calls", { schema: { params: SinkName } }, async (req) => ({ calls: listSinkCalls(ctx.core, req.params.name) }));
}

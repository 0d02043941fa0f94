// The target sink in the control API: the public endpoint targets call, and (with the console
// token) its configuration and the calls it received.

import { sinkSignatureValid } from "../actions/sink.js";
import { SIGNATURE_HEADER } from "../actions/signature.js";
import { Code } from "../kernel/errors.js";
import { listSinkCalls, recordSinkCall, setSinkConfig, sinkConfig } from "../records/sinks.js";
import type { ControlContext } from "./control-context.js";
import { sendControlError } from "./control-error.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";

/** POST /sink/{name}: open to anyone, like any webhook receiver; the signature is what it checks. */
export async function registerSinkEndpoint(app: ControlApp, ctx: ControlContext): Promise<void> {
  await app.register(async (sink: ControlApp) => {
    // The signature covers the exact bytes, so the body is kept as text.
    sink.removeAllContentTypeParsers();
    sink.addContentTypeParser("*", { parseAs: "string" }, (_req, body, done) => done(null, body));
    // What it answers is configured (any status, any text), so it declares no response schema.
    route(sink, "sink", async (req, reply) => {
      const { core } = ctx;
      const body = typeof req.body === "string" ? req.body : "";
      const header = req.headers[SIGNATURE_HEADER.toLowerCase()] as string | undefined;
      const signatureValid = sinkSignatureValid(core, req.params.name, header, body);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      recordSinkCall(core.db, { id: core.ids.next(), name: req.params.name, headers, body, signatureValid, createdAt: core.clock.now().toISOString() });
      if (!signatureValid)
        return sendControlError(
          reply,
          400,
          Code.InvalidArgument,
          header ? `webhook has invalid ${SIGNATURE_HEADER} header` : `webhook has no ${SIGNATURE_HEADER} header`,
        );
      const config = sinkConfig(core.db, req.params.name);
      return reply.code(config.status).type("application/json").send(config.body);
    });
  });
}

export function registerSinkRoutes(app: ControlApp, ctx: ControlContext): void {
  route(app, "setSink", async (req) => {
    const b = req.body;
    const body = b.body === undefined ? "" : typeof b.body === "string" ? b.body : JSON.stringify(b.body);
    setSinkConfig(ctx.core.db, req.params.name, { status: b.status, body });
    return { name: req.params.name, status: b.status, body };
  });
  route(app, "sinkConfig", async (req) => ({
    name: req.params.name,
    ...sinkConfig(ctx.core.db, req.params.name),
  }));
  route(app, "sinkCalls", async (req) => ({
    calls: listSinkCalls(ctx.core.db, req.params.name),
  }));
}

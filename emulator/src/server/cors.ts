// Cross-origin requests. Browser apps call the OIDC endpoints and the resource API from their own
// origin: any origin may, without credentials, and preflights are answered. The control API and the
// UI (/emulator/…) stay same-origin (the console token is a secret): no CORS headers, and a
// preflight there is not found. The answers are those @fastify/cors gave with a per-request options
// delegator (reflected origin, `Vary: Origin` on every answer, strict preflights, 204 with
// Content-Length 0); written out here because the plugin rebuilt its options object for every
// request, and both policies are fixed.

import type { FastifyInstance } from "fastify";

const SAME_ORIGIN_ONLY = "/emulator/";
const METHODS = "GET, POST, PATCH, PUT, DELETE";

export function registerCors(app: FastifyInstance): void {
  app.addHook("onRequest", (req, reply, done) => {
    reply.header("vary", "Origin");
    if (req.url.startsWith(SAME_ORIGIN_ONLY)) return done();
    const origin = req.headers.origin;
    if (origin) reply.header("access-control-allow-origin", origin);
    if (req.raw.method !== "OPTIONS") return done();
    if (!origin || !req.headers["access-control-request-method"]) {
      reply.code(400).type("text/plain").send("Invalid Preflight Request");
      return;
    }
    reply.header("access-control-allow-methods", METHODS);
    reply.header("vary", "Origin, Access-Control-Request-Headers");
    const requested = req.headers["access-control-request-headers"];
    if (requested !== undefined) reply.header("access-control-allow-headers", requested);
    reply.code(204).header("content-length", "0").send();
  });
  // Preflights are answered by the hook above; an OPTIONS request that gets here is one to a same-origin path.
  app.options("*", (_req, reply) => reply.callNotFound());
}

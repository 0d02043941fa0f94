// Clickjacking protection for every HTML page the emulator serves (login, account chooser,
// registration, error and signed-out pages, form_post, the demo page, and any page added later):
// no other origin may frame them (X-Frame-Options for old browsers, CSP frame-ancestors for the rest).

import type { FastifyReply, FastifyRequest } from "fastify";

export const FRAME_ANCESTORS = "frame-ancestors 'none'";

/**
 * An onSend hook: marks text/html responses unframeable, keeping a policy the page set itself.
 * Callback style (no promise per response): it runs on every reply.
 */
export function frameProtection(_req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void {
  const type = reply.getHeader("content-type");
  if (type !== undefined && String(type).toLowerCase().startsWith("text/html")) {
    reply.header("x-frame-options", "DENY");
    const policy = reply.getHeader("content-security-policy");
    if (policy === undefined) reply.header("content-security-policy", FRAME_ANCESTORS);
    else if (!/(^|;)\s*frame-ancestors\s/i.test(String(policy))) reply.header("content-security-policy", `${String(policy)}; ${FRAME_ANCESTORS}`);
  }
  done(null, payload);
}

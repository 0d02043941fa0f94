// Refusals that happen before any route is found — a path that is not valid percent-encoding, a path
// variable above the router's length limit, a request head above Node's size limit — answered in the
// error format of the surface the path belongs to, as that surface's own error handler would
// (DESIGN 7: one error model per surface), never in fastify's or Node's own format.

import { STATUS_CODES } from "node:http";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { BODY_LIMIT } from "../kernel/body-limit.js";
import type { FastifyReply, FastifyRequest } from "fastify";
import { Code, SvcError, rpcStatusBody } from "../kernel/errors.js";
import { OidcError } from "../oidc/errors.js";
import { GcsError, gcsErrorBody } from "../bucket/gcs-error.js";

/** The router's limit on one path variable (execution ids contain slashes, sent URL-encoded in one segment). */
export const MAX_PARAM_LENGTH = 1000;

export type Surface = "control" | "oidc" | "bucket" | "rpc";

const OIDC_PREFIXES = ["/oauth/", "/oidc/", "/.well-known/", "/ui/login/"];
const BUCKET_PREFIXES = ["/storage/v1/", "/upload/storage/v1/", "/download/storage/v1/", "/b/"];

/** Which surface serves `path`; REST (and anything unknown, like the router's 404) is the rpc surface. */
export function surfaceOf(path: string): Surface {
  if (path.startsWith("/emulator/")) return "control";
  if (OIDC_PREFIXES.some((p) => path.startsWith(p))) return "oidc";
  if (path === "/b" || BUCKET_PREFIXES.some((p) => path.startsWith(p))) return "bucket";
  return "rpc";
}

/** ResourceExhausted for a head that is too large, as for a body (rest-adapter.ts); DeadlineExceeded for a slow one. */
const controlCode = (status: number): Code => (status === 431 ? Code.ResourceExhausted : status === 408 ? Code.DeadlineExceeded : Code.InvalidArgument);

/** The body of a refusal with `status` in the format of `surface`. */
export function requestErrorBody(surface: Surface, status: number, message: string): string {
  switch (surface) {
    case "control":
      return JSON.stringify({ code: controlCode(status), message });
    case "oidc":
      return JSON.stringify(new OidcError("invalid_request", message, status).body());
    case "bucket":
      return JSON.stringify(gcsErrorBody(new GcsError(status, "invalid", message)));
    case "rpc":
      return JSON.stringify(rpcStatusBody(new SvcError(controlCode(status), "REST-invalid-request", message)));
  }
}

/** The refusal of a Host that is neither loopback nor an instance domain (DESIGN 11), on every HTTP/1.1 route. */
export function refuseHost(reply: FastifyReply, host: string | undefined): FastifyReply {
  const message = `Host ${JSON.stringify(host ?? "")} is not served here: use localhost or an instance domain`;
  return reply
    .code(403)
    .type("application/json")
    .send(JSON.stringify({ code: Code.PermissionDenied, message }));
}

/**
 * fastify's `frameworkErrors`: a URL the router cannot take (bad percent-encoding, a path variable too
 * long). Runs before the onRequest hooks, so it checks the Host itself first.
 */
export function frameworkErrors(admit: (req: IncomingMessage) => boolean) {
  return (err: { code?: string }, req: FastifyRequest, reply: FastifyReply): void => {
    const path = req.raw.url?.split("?", 1)[0] ?? "/";
    const message =
      err.code === "FST_ERR_MAX_PARAM_LENGTH"
        ? `a path segment of the URL is longer than the limit of ${MAX_PARAM_LENGTH} characters`
        : "the URL is not valid percent-encoded UTF-8";
    afterBody(req.raw, () => {
      if (!admit(req.raw)) void refuseHost(reply, req.headers.host);
      else
        void reply
          .code(400)
          .type("application/json")
          .send(requestErrorBody(surfaceOf(path), 400, message));
    });
  };
}

/**
 * Runs `answer` once the request's body has arrived (up to BODY_LIMIT bytes; beyond that at once, and
 * body-limits.ts drains the rest). A client that gets its answer while still sending (undici/fetch)
 * may stop sending and reuse the connection, whose next request the server would then read as the
 * rest of this body: the connection hangs until a timeout resets it (found by test/fuzz).
 */
function afterBody(raw: IncomingMessage, answer: () => void): void {
  if (raw.complete) {
    answer();
    return;
  }
  let read = 0;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    raw.off("data", count);
    answer();
  };
  const count = (chunk: Buffer) => {
    read += chunk.length;
    if (read > BODY_LIMIT) finish();
  };
  raw.on("data", count);
  raw.once("end", finish);
  raw.once("error", finish);
}

/**
 * fastify's `clientErrorHandler`: Node could not parse the request (a head above its size limit, bad
 * syntax). Only the bytes read so far are known; the request line names the surface when it is among them.
 */
export function clientError(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const [status, message] =
    err.code === "HPE_HEADER_OVERFLOW"
      ? [431, "the request line and headers are larger than the limit of 16 KiB"]
      : err.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "the request was not received in time"]
        : [400, "the request is not valid HTTP/1.1"];
  const read = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.subarray(0, 2048).toString("latin1") : "";
  const line = /^[A-Z]+ (\/\S*)/.exec(read);
  const body = requestErrorBody(surfaceOf(line?.[1]?.split("?", 1)[0] ?? "/"), status, message);
  if (socket.writable) {
    const head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json`;
    socket.write(`${head}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(err);
}

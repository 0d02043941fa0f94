// The way a refused body is answered on HTTP/1.1. A body above BODY_LIMIT (kernel/body-limit.ts) is
// refused before it is read to the end; the answer (413, or ResourceExhausted over gRPC-web) goes
// out at once, and the rest of the body is read and thrown away, so that a client still sending
// (fetch, a raw socket) reads the answer instead of a reset, and the connection stays usable.
// Draining is bounded: after DRAIN_LIMIT more bytes, or DRAIN_TIMEOUT_MS, the connection is closed.

import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** How much of a refused body is read and discarded after the answer before the connection closes. */
export const DRAIN_LIMIT = 64 * 1024 * 1024;
/** How long a refused body may take to arrive after the answer before the connection closes. */
export const DRAIN_TIMEOUT_MS = 30_000;
/** How often the bytes drained so far are compared with DRAIN_LIMIT. */
const DRAIN_POLL_MS = 50;

function dropConnectionClose(headers: unknown): void {
  if (!headers || typeof headers !== "object" || Array.isArray(headers)) return;
  const h = headers as OutgoingHttpHeaders;
  for (const name of Object.keys(h)) if (name.toLowerCase() === "connection" && String(h[name]).toLowerCase() === "close") delete h[name];
}

/**
 * Installs draining on one HTTP/1.1 exchange. A response sent before its request was read to the
 * end does not announce `connection: close` (fastify does, for a refused body) and, once sent, the
 * rest of the body is discarded; the connection closes only when the body goes beyond the bounds.
 */
export function drainUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!req.complete) {
      if (String(res.getHeader("connection") ?? "").toLowerCase() === "close") res.removeHeader("connection");
      for (const a of args) dropConnectionClose(a);
    }
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
  // A reader that stops early (connect leaves its `for await` at the size limit) would destroy the
  // request, and with it the rest of the body could no longer be read past.
  req[Symbol.asyncIterator] = () => req.iterator({ destroyOnReturn: false });
  // Taken now: node detaches the socket from a request that was destroyed (connect does so).
  const socket = req.socket;
  res.once("finish", () => {
    if (!req.complete) discardRest(req, socket);
  });
}

function discardRest(req: IncomingMessage, socket: Socket): void {
  if (socket.destroyed) return;
  const start = socket.bytesRead;
  const close = () => socket.destroy();
  const timer = setTimeout(close, DRAIN_TIMEOUT_MS);
  // Polled, never a socket "data" listener: adding one makes node:http stop consuming the socket
  // in the middle of a request, and a socket it had paused for a full request buffer then never
  // reads again (the client's next request hangs until the keep-alive timeout resets the connection).
  const poll = setInterval(() => {
    if (socket.bytesRead - start > DRAIN_LIMIT) close();
  }, DRAIN_POLL_MS);
  const done = () => {
    clearTimeout(timer);
    clearInterval(poll);
  };
  req.once("end", done);
  socket.once("close", done);
  // Flowing without a data listener discards what arrives; node:http reads the next request after it.
  req.resume();
}

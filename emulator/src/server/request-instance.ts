// The instance of a request, found once from its Host (or :authority) when the request arrives and
// passed on to the surface that serves it: REST, gRPC, gRPC-web, OIDC and the control API all read
// this one answer instead of looking the Host up again. One per emulator (no module state).

import type { IncomingMessage } from "node:http";
import type { Http2ServerRequest } from "node:http2";
import type { Database } from "../store/database.js";
import type { Instance } from "../domain/instance/instance.js";
import { hostName, isLoopbackName, resolveInstance } from "../domain/instance/by-host.js";

type RawRequest = IncomingMessage | Http2ServerRequest;

export class RequestInstances {
  // Keyed by the Node request, which fastify (req.raw) and connect (contextValues) both see.
  private readonly byRequest = new WeakMap<RawRequest, Instance | undefined>();

  constructor(private readonly db: Database) {}

  /**
   * Resolves the request's instance and remembers it. False when the Host is neither loopback nor an
   * instance domain, which the HTTP/1.1 surfaces refuse (DESIGN 11, against DNS rebinding).
   */
  admit(req: RawRequest): boolean {
    const host = hostOf(req);
    const instance = resolveInstance(this.db, host);
    this.byRequest.set(req, instance);
    return instance !== undefined || isLoopbackName(hostName(host));
  }

  /** The instance `admit` found for this request (undefined: the host has none). */
  of(req: RawRequest): Instance | undefined {
    return this.byRequest.get(req);
  }
}

/** The Host of an HTTP/1.1 request or the :authority of an HTTP/2 one. */
export function hostOf(req: RawRequest): string | undefined {
  return (req.headers[":authority"] as string | undefined) ?? req.headers.host;
}

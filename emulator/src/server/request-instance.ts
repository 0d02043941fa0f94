// The instance of a request, found once when the request arrives and passed on to the surface that
// serves it. The Host (or :authority) decides for OIDC and the control API, and is the one the DNS
// rebinding check admits. The resource and settings APIs (REST, gRPC, gRPC-web) take the instance
// from the `x-svc-instance-host` header when one is sent, resolved like a Host: the product has the
// same mechanism (its instance-host headers) for its login app and proxies, and the UI, served at
// localhost, uses it to reach every instance. One per emulator (no module state).

import type { IncomingMessage } from "node:http";
import type { Http2ServerRequest } from "node:http2";
import type { Database } from "../store/database.js";
import type { Instance } from "../domain/instance/instance.js";
import { hostName, isLoopbackName, resolveInstance } from "../domain/instance/by-host.js";
import { isListedHost, type PublicNames } from "../domain/instance/public-names.js";
import type { ApiTarget } from "../api/rpc-pipeline.js";

type RawRequest = IncomingMessage | Http2ServerRequest;

/** The request header (gRPC metadata) naming the instance of a resource API call by one of its domains. */
export const INSTANCE_HOST_HEADER = "x-svc-instance-host";

interface Resolved {
  instance: Instance | undefined;
  api: ApiTarget;
}

export class RequestInstances {
  // Keyed by the Node request, which fastify (req.raw) and connect (contextValues) both see.
  private readonly byRequest = new WeakMap<RawRequest, Resolved>();

  constructor(
    private readonly db: Database,
    private readonly names: PublicNames,
  ) {}

  /**
   * Resolves the request's instance and remembers it. False when the Host is neither loopback, a listed
   * name (public-names.ts) nor an instance domain, which the HTTP/1.1 surfaces refuse (DESIGN 11, against
   * DNS rebinding): the instance-host header never stands in for the Host in this check.
   */
  admit(req: RawRequest): boolean {
    const host = hostOf(req);
    const instance = this.resolve(host);
    const named = instanceHostHeader(req);
    const api = named === undefined ? { instance, host } : { instance: this.resolve(named), host: named };
    this.byRequest.set(req, { instance, api });
    return instance !== undefined || isLoopbackName(hostName(host));
  }

  /** A listed name is served as the default instance, as loopback is. */
  private resolve(host: string | undefined): Instance | undefined {
    return resolveInstance(this.db, isListedHost(this.names, host) ? "localhost" : host);
  }

  /** The instance of the request's Host, found by `admit` (undefined: the host has none). */
  of(req: RawRequest): Instance | undefined {
    return this.byRequest.get(req)?.instance;
  }

  /** The instance the resource and settings APIs serve this request as: the header's when sent, else the Host's. */
  apiTargetOf(req: RawRequest): ApiTarget {
    return this.byRequest.get(req)?.api ?? { instance: undefined, host: hostOf(req) };
  }
}

/** The Host of an HTTP/1.1 request or the :authority of an HTTP/2 one. */
export function hostOf(req: RawRequest): string | undefined {
  return (req.headers[":authority"] as string | undefined) ?? req.headers.host;
}

/** The instance-host header's value; an empty one counts as not sent (as the product skips empty headers). */
function instanceHostHeader(req: RawRequest): string | undefined {
  const raw = req.headers[INSTANCE_HOST_HEADER];
  const value = (Array.isArray(raw) ? raw.join(",") : raw)?.trim();
  return value ? value : undefined;
}

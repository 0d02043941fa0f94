// The cleartext HTTP/2 side of the port: gRPC only. The request's instance (its :authority, or the
// instance-host header) is resolved once here;
// an unknown :authority is not refused at this point but answered by the rpc pipeline as NotFound,
// in gRPC's own error format.

import { createRequire } from "node:module";
import type { Http2Server, Http2ServerRequest, Http2ServerResponse } from "node:http2";
import type { GrpcHandler } from "../api/grpc-adapter.js";
import { withSpecGrpcMessage } from "../api/grpc-message.js";
import type { RequestInstances } from "./request-instance.js";

export function createH2Handler(instances: RequestInstances, grpc: GrpcHandler): (req: Http2ServerRequest, res: Http2ServerResponse) => void {
  return (req, res) => {
    instances.admit(req);
    grpc(req, withSpecGrpcMessage(res), instances.apiTargetOf(req));
  };
}

/**
 * The HTTP/2 server, made by the listener on the first HTTP/2 connection: node:http2 (with node:tls
 * under it) is loaded then, not at start, where it cost about 25 ms of every start; the first gRPC
 * connection pays it instead, once.
 */
export function createH2Server(instances: RequestInstances, grpc: GrpcHandler): Http2Server {
  const http2 = createRequire(import.meta.url)("node:http2") as typeof import("node:http2");
  return http2.createServer({}, createH2Handler(instances, grpc));
}

// The cleartext HTTP/2 side of the port: gRPC only. The request's instance (its :authority, or the
// instance-host header) is resolved once here;
// an unknown :authority is not refused at this point but answered by the rpc pipeline as NotFound,
// in gRPC's own error format.

import type { Http2ServerRequest, Http2ServerResponse } from "node:http2";
import type { GrpcHandler } from "../api/grpc-adapter.js";
import { withSpecGrpcMessage } from "../api/grpc-message.js";
import type { RequestInstances } from "./request-instance.js";

export function createH2Handler(instances: RequestInstances, grpc: GrpcHandler): (req: Http2ServerRequest, res: Http2ServerResponse) => void {
  return (req, res) => {
    instances.admit(req);
    grpc(req, withSpecGrpcMessage(res), instances.apiTargetOf(req));
  };
}

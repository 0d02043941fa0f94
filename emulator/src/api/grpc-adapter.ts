// gRPC (HTTP/2) and gRPC-web (HTTP/1.1) transports through connect-node, every rpc of the table
// served by the same pipeline as REST. Errors carry svc.v1.ErrorDetail in grpc-status-details-bin.

import type { DescMethod } from "@bufbuild/protobuf";
import {
  Code as ConnectCode,
  ConnectError,
  createConnectRouter,
  createContextKey,
  createContextValues,
  type ConnectRouter,
  type HandlerContext,
} from "@connectrpc/connect";
import { compressionBrotli, compressionGzip, universalRequestFromNodeRequest, universalResponseToNodeResponse } from "@connectrpc/connect-node";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Http2ServerRequest, Http2ServerResponse } from "node:http2";
import type { Core } from "../domain/core.js";
import { ErrorDetailSchema } from "../gen/svc/v1/error_pb.js";
import { toSvcError } from "../kernel/errors.js";
import { BODY_LIMIT } from "../kernel/body-limit.js";
import { escapingProtoDecoding, escapingTextDecoder } from "../kernel/proto-strings.js";
import { specEncodeGrpcMessage } from "./grpc-message.js";
import { withNestingChecked } from "./grpc-nesting.js";
import { cutWhenAsked } from "./grpc-truncate.js";
import type { UniversalServerResponse } from "@connectrpc/connect/protocol";
import { type ApiTarget, invokeRpc } from "./rpc-pipeline.js";
import { FaultAnswer, noFaults } from "./rpc-faults.js";
import type { RpcTable, ServiceDefinition } from "./rpc.js";

export type NodeHandler = (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) => void;
/** Serves one gRPC or gRPC-web request of the instance the server resolved for it (undefined: none). */
export type GrpcHandler = (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse, target: ApiTarget) => void;

/** How the instance the server resolved reaches the rpc implementations (connect's per-call values). */
const TARGET = createContextKey<ApiTarget | undefined>(undefined, { description: "the request's instance" });
/** The Node request itself: a fault's dropped connection closes what carries it. */
const RAW = createContextKey<IncomingMessage | Http2ServerRequest | undefined>(undefined, { description: "the Node request" });

/** Ends the connection of a request: its HTTP/2 session (gRPC), or its socket (gRPC-web over HTTP/1.1). */
function dropConnection(req: IncomingMessage | Http2ServerRequest): void {
  if ("stream" in req) req.stream.session?.destroy();
  else req.socket.destroy();
}

function connectErrorOf(err: unknown): ConnectError {
  // A fault dropped the connection: nothing reaches the client, and this is no internal error.
  if (err instanceof FaultAnswer) return new ConnectError(err.message, ConnectCode.Unavailable);
  const e = toSvcError(err);
  const details = e.id ? [{ desc: ErrorDetailSchema, value: { id: e.id, message: e.text } }] : [];
  return new ConnectError(e.message, e.code as number as ConnectCode, undefined, details);
}

export function createGrpcHandler(core: Core, table: RpcTable): GrpcHandler {
  // Requests whose answer a `truncate` fault cuts short (grpc-truncate.ts).
  const truncated = new WeakSet<IncomingMessage | Http2ServerRequest>();
  const routesOf = (services: ServiceDefinition[]) => (router: ConnectRouter) => {
    for (const def of services) {
      const impl: Record<string, (req: never, ctx: HandlerContext) => Promise<unknown>> = {};
      for (const method of def.service.methods as DescMethod[]) {
        const entry = table.get(`/${def.service.typeName}/${method.name}`)!;
        impl[method.localName] = async (req, ctx) => {
          try {
            const raw = ctx.values.get(RAW);
            const result = await invokeRpc(core, entry, req, {
              host: ctx.values.get(TARGET)?.host,
              authorization: ctx.requestHeader.get("authorization"),
              instance: ctx.values.get(TARGET)?.instance,
              header: (name) => ctx.requestHeader.get(name) ?? undefined,
              transport: (ctx.requestHeader.get("content-type") ?? "").startsWith("application/grpc-web") ? "grpc-web" : "grpc",
              drop: raw && (() => dropConnection(raw)),
            });
            if (result.truncate && raw) truncated.add(raw);
            return result.message;
          } catch (err) {
            throw connectErrorOf(err);
          }
        };
      }
      router.service(def.service, impl as never);
    }
  };
  // connect hands contextValues only the Node request: the instance given with it is kept per request.
  const given = new WeakMap<IncomingMessage | Http2ServerRequest, ApiTarget>();
  // connect's message size limit is one per adapter: services with a larger limit of their own (the
  // admin export and import) get an adapter each, chosen by the path's service name. Each adapter is
  // connect-node's, with the request body of an rpc whose request can nest without bound checked
  // first (grpc-nesting.ts).
  const adapter = (services: ServiceDefinition[], readMaxBytes: number): NodeHandler => {
    const router = createConnectRouter({
      grpc: true,
      grpcWeb: true,
      connect: false,
      acceptCompression: [compressionGzip, compressionBrotli],
      // A larger message is ResourceExhausted, as gRPC's default limit answers it.
      readMaxBytes,
      // connect reads `textDecoder` from these options for its JSON codecs, though its type omits it.
      jsonOptions: { textDecoder: escapingTextDecoder } as object,
    });
    routesOf(services)(router);
    // connect may run the rpc before it gives the response (a unary gRPC-web call) or as its body is read
    // (gRPC): the cut is decided at the first frame, once the rpc answered. With no fault defined and
    // none that struck, the body is passed on as it is (the hot path).
    const truncatedWhenAsked = (uRes: UniversalServerResponse, req: IncomingMessage | Http2ServerRequest): UniversalServerResponse =>
      uRes.body && (truncated.has(req) || !noFaults(core)) ? { ...uRes, body: cutWhenAsked(uRes.body, () => truncated.has(req)) } : uRes;
    const handlers = new Map(router.handlers.map((h) => [h.requestPath, h]));
    return (req, res) => {
      const handler = handlers.get((req.url ?? "").split("?", 1)[0]!);
      if (!handler) return unknownMethod(req, res);
      const uReq = universalRequestFromNodeRequest(req, res, undefined, createContextValues().set(TARGET, given.get(req)).set(RAW, req));
      handler(withNestingChecked(uReq, handler.method.input, connectErrorOf))
        .then((uRes) => universalResponseToNodeResponse(truncatedWhenAsked(uRes, req), res))
        .catch((reason) => {
          if (ConnectError.from(reason).code !== ConnectCode.Aborted) console.error(`handler for rpc ${handler.method.name} failed`, reason);
        });
    };
  };
  const common = adapter(
    table.services.filter((s) => (s.bodyLimit ?? BODY_LIMIT) === BODY_LIMIT),
    BODY_LIMIT,
  );
  const own = new Map(table.services.filter((s) => s.bodyLimit && s.bodyLimit !== BODY_LIMIT).map((s) => [s.service.typeName, adapter([s], s.bodyLimit!)]));
  // Invalid UTF-8 in a binary message must reach the pipeline's string check, not fail decoding.
  return (req, res, target) => {
    given.set(req, target);
    const handler = own.get((req.url ?? "").split("/")[1] ?? "") ?? common;
    escapingProtoDecoding(() => handler(req, res));
  };
}

/**
 * An unknown method: gRPC clients expect UNIMPLEMENTED in a trailers-only response, which over
 * HTTP/2 is one HEADERS frame that ends the stream.
 */
function unknownMethod(req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse): void {
  const headers = {
    "content-type": String(req.headers["content-type"] ?? "application/grpc"),
    "grpc-status": String(ConnectCode.Unimplemented),
    "grpc-message": specEncodeGrpcMessage(encodeURIComponent(`unknown method ${req.url}`)),
  };
  if ("stream" in res) return void res.stream.respond({ ":status": 200, ...headers }, { endStream: true });
  res.writeHead(200, headers);
  res.end();
}

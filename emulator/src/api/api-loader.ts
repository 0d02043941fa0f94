// The resource API as the server sees it at start: REST routes from the generated route list, and
// gRPC / gRPC-web / REST handlers that build the rpc table (with every protobuf descriptor: about
// 60 ms of a start, bench/HISTORY.md round 4) on the first request that needs it. Each such request
// waits for that one build; later ones find the table made. Nothing answers differently: the same
// table and handlers serve every request, only later made.

import type { FastifyReply, FastifyRequest } from "fastify";
import { REST_ROUTES } from "../gen/rest-routes.js";
import type { Core } from "../domain/core.js";
import type { GrpcHandler } from "./grpc-adapter.js";
import type { RestServe } from "./rest-adapter.js";
import type { RestRoute } from "./rest-routes.js";
import type { ApiTarget } from "./rpc-pipeline.js";
import type { RpcEntry, RpcTable } from "./rpc.js";

interface LoadedApi {
  table: RpcTable;
  rest: (entry: RpcEntry, req: FastifyRequest, reply: FastifyReply, target: ApiTarget) => Promise<FastifyReply>;
}

export class ApiLoader {
  private loaded: LoadedApi | undefined;
  private loading: Promise<LoadedApi> | undefined;
  private grpcHandler: GrpcHandler | undefined;
  private grpcLoading: Promise<GrpcHandler> | undefined;
  readonly restRoutes: readonly RestRoute[] = REST_ROUTES;

  /** `ownUrl`: the emulator's URL once it listens (the admin export and import reach its bucket store there). */
  constructor(
    private readonly core: Core,
    private readonly ownUrl: () => string,
  ) {}

  /** The rpc table and the REST call, made once. */
  load(): Promise<LoadedApi> {
    this.loading ??= (async () => {
      const [{ buildRpcTable }, { serveRestCall }] = await Promise.all([import("./services.js"), import("./rest-call.js")]);
      const table = buildRpcTable(this.ownUrl);
      const core = this.core;
      this.loaded = { table, rest: (entry, req, reply, target) => serveRestCall(core, entry, req, reply, target) };
      return this.loaded;
    })();
    return this.loading;
  }

  /** gRPC and gRPC-web (connect-node with every service routed), made once, on the first such request: REST needs none of it. */
  private loadGrpc(): Promise<GrpcHandler> {
    this.grpcLoading ??= (async () => {
      const [{ table }, { createGrpcHandler }] = await Promise.all([this.load(), import("./grpc-adapter.js")]);
      this.grpcHandler = createGrpcHandler(this.core, table);
      return this.grpcHandler;
    })();
    return this.grpcLoading;
  }

  readonly rest: RestServe = (rpc, req, reply, target) => {
    const api = this.loaded;
    if (api) return api.rest(api.table.get(rpc)!, req, reply, target);
    return this.load().then((a) => a.rest(a.table.get(rpc)!, req, reply, target));
  };

  /** A request that arrives while the handler is made waits unread: its body stays in the socket until then. */
  readonly grpc: GrpcHandler = (req, res, target) => {
    const handler = this.grpcHandler;
    if (handler) return handler(req, res, target);
    this.loadGrpc().then(
      (h) => h(req, res, target),
      (err) => {
        console.error("svc-emulator: internal error:", err);
        res.writeHead(500);
        res.end();
      },
    );
  };
}

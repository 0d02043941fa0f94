// The three transports of the resource API behind one call signature, so one table of cases runs
// on all of them: HTTP/JSON with fetch (paths from the spec's endpoint table), gRPC with
// @grpc/grpc-js (grpc-client.ts) and gRPC-web with connect-web's gRPC-web transport.

import { createClient, ConnectError } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { fromJson, toJson, type DescService, type JsonObject } from "@bufbuild/protobuf";
import { AdminService } from "../../emulator/src/gen/svc/admin/v1/admin_pb.js";
import { ErrorDetailSchema } from "../../emulator/src/gen/svc/v1/error_pb.js";
import { grpcClient } from "./grpc-client.js";
import { request } from "./emulator.js";

export type Outcome =
  | { ok: true; body: Record<string, unknown>; httpStatus?: number }
  | { ok: false; code: number; message: string; detailId?: string; httpStatus?: number; body?: unknown };

export interface Transport {
  name: "rest" | "grpc" | "grpc-web";
  /** `opts.deadlineMs`: how long a gRPC call may take (10 s unless given). */
  call(rpc: string, req: JsonObject, token?: string, opts?: { deadlineMs?: number }): Promise<Outcome>;
}

/** How an rpc travels over HTTP/JSON: verb, path (with {field} variables), the body field. */
export interface RestRoute {
  verb: string;
  path: string;
  body?: string;
}

function restTransport(baseUrl: string, routes: Record<string, RestRoute>, headers: Record<string, string>): Transport {
  return {
    name: "rest",
    async call(rpc, req, token) {
      const route = routes[rpc];
      if (!route) throw new Error(`no REST route for ${rpc}`);
      const rest: JsonObject = { ...req };
      const path = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
        // Path variables are proto field names; the request may use the JSON (lowerCamel) name.
        const key = name in rest ? name : name.replace(/_([a-z])/g, (_x, c: string) => c.toUpperCase());
        const v = rest[key];
        delete rest[key];
        return encodeURIComponent(String(v ?? ""));
      });
      let body: unknown;
      if (route.body === "*") {
        // The whole request is the body (e.g. the admin API's export and import).
        body = { ...rest };
        for (const k of Object.keys(rest)) delete rest[k];
      } else if (route.body) {
        const key = route.body in rest ? route.body : route.body.replace(/_([a-z])/g, (_x, c: string) => c.toUpperCase());
        body = rest[key];
        delete rest[key];
      }
      const query = new URLSearchParams();
      const flatten = (prefix: string, value: unknown) => {
        if (value && typeof value === "object" && !Array.isArray(value)) for (const [k, v] of Object.entries(value)) flatten(prefix ? `${prefix}.${k}` : k, v);
        else if (Array.isArray(value)) for (const v of value) query.append(prefix, String(v));
        else query.append(prefix, String(value));
      };
      flatten("", rest);
      const qs = query.size ? `?${query}` : "";
      const res = await request(`${baseUrl}${path}${qs}`, { method: route.verb, token, headers, ...(body !== undefined ? { json: body } : {}) });
      if (res.status >= 200 && res.status < 300) return { ok: true, body: res.body as Record<string, unknown>, httpStatus: res.status };
      const err = res.body as { code: number; message: string; details?: { id: string }[] };
      return { ok: false, code: err.code, message: err.message, detailId: err.details?.[0]?.id, httpStatus: res.status, body: res.body };
    },
  };
}

function grpcWebTransport(baseUrl: string, service: DescService, headers: Record<string, string>): Transport {
  const client = createClient(service, createGrpcWebTransport({ baseUrl })) as unknown as Record<string, (req: unknown, opts: unknown) => Promise<unknown>>;
  return {
    name: "grpc-web",
    async call(rpc, req, token, opts) {
      const method = service.methods.find((m) => m.name === rpc);
      if (!method) throw new Error(`no rpc ${rpc}`);
      try {
        const res = await client[method.localName]!(fromJson(method.input, req), {
          headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          timeoutMs: opts?.deadlineMs,
        });
        return { ok: true, body: toJson(method.output, res as never) as Record<string, unknown> };
      } catch (e) {
        const err = ConnectError.from(e);
        return { ok: false, code: err.code, message: err.rawMessage, detailId: err.findDetails(ErrorDetailSchema)[0]?.id };
      }
    },
  };
}

export interface TransportSet {
  all: Transport[];
  close(): void;
}

/** The three transports for one service of an emulator at `url`; `headers` (or metadata) go with every call. */
export function transportsFor(
  url: string,
  opts: { service: DescService; protoFile: string; routes: Record<string, RestRoute>; headers?: Record<string, string> },
): TransportSet {
  const headers = opts.headers ?? {};
  const grpc = grpcClient(new URL(url).host, opts.protoFile, opts.service.typeName, headers);
  const all: Transport[] = [
    restTransport(url, opts.routes, headers),
    { name: "grpc", call: (rpc, req, token, callOpts) => grpc.call(rpc, req, token, callOpts) },
    grpcWebTransport(url, opts.service, headers),
  ];
  return { all, close: () => grpc.close() };
}

/** The SvcActions routes as the spec's endpoint table gives them (base path /resources/v3alpha). */
export const ACTIONS_ROUTES: Record<string, RestRoute> = {
  CreateTarget: { verb: "POST", path: "/resources/v3alpha/targets", body: "target" },
  PatchTarget: { verb: "PATCH", path: "/resources/v3alpha/targets/{id}", body: "target" },
  DeleteTarget: { verb: "DELETE", path: "/resources/v3alpha/targets/{id}" },
  GetTarget: { verb: "GET", path: "/resources/v3alpha/targets/{id}" },
  SearchTargets: { verb: "POST", path: "/resources/v3alpha/targets/_search", body: "filters" },
  PutExecution: { verb: "POST", path: "/resources/v3alpha/executions", body: "execution" },
  DeleteExecution: { verb: "DELETE", path: "/resources/v3alpha/executions/{id}" },
  SearchExecutions: { verb: "POST", path: "/resources/v3alpha/executions/_search", body: "filters" },
  ListAvailableExecutionFunctions: { verb: "GET", path: "/resources/v3alpha/executions/functions" },
  ListAvailableExecutionMethods: { verb: "GET", path: "/resources/v3alpha/executions/methods" },
  ListAvailableExecutionServices: { verb: "GET", path: "/resources/v3alpha/executions/services" },
};

/** The admin API's export and import (wire-facts 7), for `transportsFor` or the resource tests' `transports`. */
export const ADMIN_SERVICE = {
  service: AdminService,
  protoFile: "svc/admin/v1/admin.proto",
  routes: { ImportData: { verb: "POST", path: "/admin/v1/import", body: "*" }, ExportData: { verb: "POST", path: "/admin/v1/export", body: "*" } },
};

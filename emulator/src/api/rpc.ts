// The rpc table: every rpc declared in proto/ with what its declarations say (HTTP rule,
// permission, success status) and the handler that serves it, if one is built. The transports
// (rest-adapter, grpc-adapter) serve exactly what is in this table.

import type { DescMethod, DescService, JsonValue, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import { getOption, hasOption } from "@bufbuild/protobuf";
import type { Actor, Core } from "../domain/core.js";
import type { Feature, Instance } from "../domain/instance/instance.js";
import type { Principal } from "../auth/bearer-token.js";
import type { PermissionScope } from "../auth/permissions.js";
import { http } from "../gen/google/api/annotations_pb.js";
import type { HttpRule } from "../gen/google/api/http_pb.js";
import { options as svcOptions } from "../gen/svc/protoc_gen_svc/v2/options_pb.js";
import { BODY_LIMIT } from "../kernel/body-limit.js";

export interface RpcCall {
  core: Core;
  instance: Instance;
  principal: Principal;
  method: DescMethod;
  /** The permission the rpc declares; handlers check it where the resource is (api/authorization.ts). */
  permission: string;
  /** Set by every check of api/authorization.ts. */
  authorized?: boolean;
  scopes?: Map<string, PermissionScope>;
  /** A handler may set this to answer HTTP/JSON with another success status (PutExecution's 200). */
  httpStatus?: number;
  /** A request header (HTTP/JSON) or metadata entry (gRPC, gRPC-web) by lower-case name. */
  header(name: string): string | undefined;
  /**
   * The JSON of a document field (declared `json_string_allowed`) as an HTTP/JSON request sent it,
   * by JSON name; undefined over gRPC and gRPC-web, where the field is the decoded message.
   */
  documentJson(jsonName: string): JsonValue | undefined;
}

/** The actor of a call: its instance and the user its token names (origin "api", the default). */
export const actorOf = (call: RpcCall): Actor => ({ instanceId: call.instance.id, userId: call.principal.user.id });

type MethodsOf<S extends DescService> = S extends { method: infer M } ? M : never;

/** Handlers of one service, keyed by the method's local name; typed from the generated descriptors. */
export type Handlers<S extends DescService> = {
  [K in keyof MethodsOf<S>]?: MethodsOf<S>[K] extends { input: infer I; output: infer O }
    ? I extends import("@bufbuild/protobuf").DescMessage
      ? O extends import("@bufbuild/protobuf").DescMessage
        ? (req: MessageShape<I>, call: RpcCall) => MessageInitShape<O> | Promise<MessageInitShape<O>>
        : never
      : never
    : never;
};

export interface ServiceDefinition {
  service: DescService;
  /** The instance feature flag that must be on for the service to answer. */
  feature?: Feature;
  handlers: Record<string, AnyHandler | undefined>;
  /** The largest request its rpcs accept, on every transport; BODY_LIMIT when unset. */
  bodyLimit?: number;
}

export function defineService<S extends DescService>(
  service: S,
  feature: Feature | undefined,
  handlers: Handlers<S>,
  opts: { bodyLimit?: number } = {},
): ServiceDefinition {
  return { service, feature, handlers: handlers as Record<string, AnyHandler | undefined>, ...opts };
}

// biome-ignore lint/suspicious/noExplicitAny: the table holds handlers of every request type; each is typed where it is defined
export type AnyHandler = (req: any, call: RpcCall) => unknown;

export interface RpcEntry {
  service: DescService;
  method: DescMethod;
  /** "/svc.resources.action.v3alpha.SvcActions/CreateTarget" */
  path: string;
  permission: string;
  successCode: number;
  httpRule: HttpRule | undefined;
  feature: Feature | undefined;
  handler: AnyHandler | undefined;
  bodyLimit: number;
}

export class RpcTable {
  readonly entries: RpcEntry[] = [];
  private byPath = new Map<string, RpcEntry>();

  constructor(readonly services: ServiceDefinition[]) {
    for (const def of services) {
      for (const method of def.service.methods) {
        const opts = hasOption(method, svcOptions) ? getOption(method, svcOptions) : undefined;
        const entry: RpcEntry = {
          service: def.service,
          method,
          path: `/${def.service.typeName}/${method.name}`,
          permission: opts?.authOption?.permission ?? "authenticated",
          successCode: opts?.httpResponse?.successCode || 200,
          httpRule: hasOption(method, http) ? getOption(method, http) : undefined,
          feature: def.feature,
          handler: def.handlers[method.localName],
          bodyLimit: def.bodyLimit ?? BODY_LIMIT,
        };
        this.entries.push(entry);
        this.byPath.set(entry.path, entry);
      }
    }
  }

  get(path: string): RpcEntry | undefined {
    return this.byPath.get(path);
  }

  /** Every rpc the emulator declares, as "/package.Service/Method", sorted. */
  methodNames(): string[] {
    return this.entries.map((e) => e.path).sort();
  }

  serviceNames(): string[] {
    return [...new Set(this.services.map((s) => s.service.typeName))].sort();
  }
}

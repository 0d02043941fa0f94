// One call of one rpc, whatever the transport: well-formed strings, the instance of the Host, authentication, feature flag,
// permission, field rules, handler. REST, gRPC and gRPC-web all go through `invokeRpc`, so they
// answer identically.

import { create, type JsonValue, type Message } from "@bufbuild/protobuf";
import type { Core } from "../domain/core.js";
import { authenticate } from "../auth/bearer-token.js";
import { heldAnywhere } from "../auth/permissions.js";
import { permissionDenied, scopeOf } from "./authorization.js";
import { Code, SvcError } from "../kernel/errors.js";
import type { Instance } from "../domain/instance/instance.js";
import { validateFieldRules } from "../kernel/field-rules.js";
import { refuseMalformedStrings } from "../kernel/proto-strings.js";
import { runRpcExecution } from "../actions/rpc-executions.js";
import type { RpcCall, RpcEntry } from "./rpc.js";
import type { Strike } from "../faults/fault.js";
import { applyRpcFault, journalRpc, noFaults, type RpcTransport } from "./rpc-faults.js";

/** What the resource API serves a request as (server/request-instance.ts): the instance and the host that named it. */
export interface ApiTarget {
  /** Undefined: the host names no instance (answered NotFound). */
  instance: Instance | undefined;
  host: string | undefined;
}

export interface TransportInfo {
  /** The host that named the instance: the Host, or the instance-host header when sent (the issuer of access tokens). */
  host: string | undefined | null;
  authorization: string | undefined | null;
  /** The instance the server resolved for this request once (server/request-instance.ts); undefined: none. */
  instance: Instance | undefined;
  /** A request header or metadata entry by lower-case name. */
  header?: (name: string) => string | undefined;
  /** HTTP/JSON: the JSON of the request's document fields as sent (api/rest-request.ts). */
  documents?: ReadonlyMap<string, JsonValue>;
  /** The transport, for the journal and faults (rpc-faults.ts); REST when not given. */
  transport?: RpcTransport;
  /** Closes the call's connection at once: a fault's dropped connection. */
  drop?: () => void;
}

export interface RpcResult {
  message: Message;
  httpStatus: number;
  /** A fault asks for the REST body cut short. */
  truncate?: boolean;
}

/** What the pipeline learnt on the way, for the journal. */
interface Seen {
  userId?: string;
  clientId?: string;
  strike?: Strike;
}

/** One call, journaled (rpc-faults.ts) once it is answered. */
export async function invokeRpc(core: Core, entry: RpcEntry, request: Message, transport: TransportInfo): Promise<RpcResult> {
  const startedMs = performance.now();
  const seen: Seen = {};
  const journaled = (result: { httpStatus: number } | { err: unknown }) => {
    const instanceId = transport.instance?.id;
    if (!instanceId) return;
    const call = {
      core,
      instanceId,
      fullMethod: entry.path,
      service: entry.service.typeName,
      userId: seen.userId,
      clientId: seen.clientId,
      transport: transport.transport ?? "rest",
    };
    journalRpc(call, startedMs, result, seen.strike?.id ?? null);
  };
  try {
    const result = await runRpc(core, entry, request, transport, seen);
    journaled(result);
    return result;
  } catch (err) {
    journaled({ err });
    throw err;
  }
}

async function runRpc(core: Core, entry: RpcEntry, request: Message, transport: TransportInfo, seen: Seen): Promise<RpcResult> {
  // Part of decoding the request, as in the product, where such a message does not unmarshal.
  refuseMalformedStrings(entry.method.input, request);
  const instance = transport.instance;
  if (!instance) throw new SvcError(Code.NotFound, "INSTANCE-not-found", `Instance not found for host ${JSON.stringify(transport.host ?? "")}`);
  // A blocked instance refuses the API (ResourceExhausted, 429), except the system's instance service.
  if (instance.blocked && entry.service.typeName !== "svc.resources.instance.v3alpha.SvcInstances") {
    throw new SvcError(Code.ResourceExhausted, "LIMITS-blocked", "Instance is blocked");
  }
  // Like the product, whose services check their flag inside the handler: who calls comes first.
  const principal = await authenticate(core, instance, transport.host ?? "", transport.authorization);
  seen.userId = principal.user.id;
  seen.clientId = principal.clientId;
  // A fault strikes once the caller is known (it may be narrowed to a user); nothing to do without one.
  if (!noFaults(core))
    seen.strike = await applyRpcFault({
      core,
      instanceId: instance.id,
      fullMethod: entry.path,
      service: entry.service.typeName,
      userId: principal.user.id,
      clientId: principal.clientId,
      transport: transport.transport ?? "rest",
      drop: transport.drop,
    });
  if (entry.feature && !instance.features[entry.feature]) {
    throw new SvcError(Code.FailedPrecondition, "FEATURE-disabled", `Feature "${entry.feature}" is not enabled on this instance`);
  }
  if (!entry.handler) throw new SvcError(Code.Unimplemented, "RPC-unimplemented", `${entry.path} is not implemented by the emulator yet`);
  const header = transport.header ?? (() => undefined);
  const documentJson = (name: string) => transport.documents?.get(name);
  const call: RpcCall = { core, instance, principal, method: entry.method, permission: entry.permission, header, documentJson };
  // The gate: the permission held anywhere. Whether it covers the resource is the handler's check.
  const scope = scopeOf(call);
  if (!heldAnywhere(scope)) throw permissionDenied(entry.permission);
  const actions = { core, instanceId: instance.id, principal, fullMethod: `/${entry.service.typeName}/${entry.method.name}` };
  // Request targets see (and may replace) the request before the field rules and the handler.
  const effective = await runRpcExecution(actions, { schema: entry.method.input, message: request });
  validateFieldRules(entry.method.input, effective);
  const init = await entry.handler(effective, call);
  // A caller with less than the whole instance must have been checked where the resource is.
  if (!scope.instance && !call.authorized)
    throw new SvcError(Code.Internal, "AUTHZ-unchecked", `${entry.path} did not check the permission ${entry.permission} on its resource`);
  // Response targets see the request the handler ran with (the one request targets may have replaced).
  const response = await runRpcExecution(
    actions,
    { schema: entry.method.output, message: create(entry.method.output, init as never) },
    { schema: entry.method.input, message: effective },
  );
  return { message: response, httpStatus: call.httpStatus ?? entry.successCode, truncate: seen.strike?.what.kind === "truncate" };
}

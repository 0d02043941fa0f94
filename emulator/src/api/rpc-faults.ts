// Faults and the request journal on the resource and admin API (issue 29): one rpc call, whatever
// its transport, is checked once its caller is known and journaled once answered (rpc-pipeline.ts).
// A fault answers as the transport answers: an rpc status (REST JSON, gRPC trailers, gRPC-web);
// an HTTP status with a body on REST, which gRPC and gRPC-web clients meet as the code gRPC maps
// that status to (as behind a proxy that answered it); a delay; a dropped connection; a body cut short
// (REST: the JSON; gRPC and gRPC-web: the message frame, grpc-truncate.ts).

import type { Core } from "../domain/core.js";
import { Code, SvcError, toSvcError } from "../kernel/errors.js";
import { ADMIN_SERVICE, type Strike } from "../faults/fault.js";
import { negativeOf } from "../faults/negative-testing.js";
import type { JournalTransport } from "../faults/journal.js";

export type RpcTransport = Exclude<JournalTransport, "http">;

/** An answer a fault gives that is not an rpc status: REST sends it as it is; a drop sends nothing. */
export class FaultAnswer extends Error {
  constructor(
    readonly faultId: string,
    readonly http: { status: number; body: string; contentType: string; retryAfter?: number } | undefined,
  ) {
    super(http ? `fault ${faultId}: HTTP ${http.status}` : `fault ${faultId}: connection dropped`);
  }
}

/** The gRPC code a client reports for an HTTP status in place of a gRPC answer (gRPC's http-grpc-status-mapping). */
export function codeOfHttpStatus(status: number): Code {
  if (status === 400) return Code.Internal;
  if (status === 401) return Code.Unauthenticated;
  if (status === 403) return Code.PermissionDenied;
  if (status === 404) return Code.Unimplemented;
  if (status === 429 || status === 502 || status === 503 || status === 504) return Code.Unavailable;
  return Code.Unknown;
}

export interface RpcFaultCall {
  core: Core;
  instanceId: string;
  /** "/package.Service/Method". */
  fullMethod: string;
  service: string;
  userId: string | undefined;
  /** The client of the caller's token (auth/bearer-token.ts `Principal.clientId`). */
  clientId: string | undefined;
  transport: RpcTransport;
  /** Closes the call's connection (HTTP/1.1) or stream's session (HTTP/2) at once. */
  drop?: () => void;
}

/** No fault is defined: the pipeline skips the check (and its await). */
export const noFaults = (core: Core): boolean => negativeOf(core).faults.none;

/**
 * Runs the fault that answers this call, if any: throws its error, waits its delay, drops the
 * connection. Returns the strike when the call goes on (a delay, a truncated body).
 */
export async function applyRpcFault(call: RpcFaultCall): Promise<Strike | undefined> {
  const faults = negativeOf(call.core).faults;
  if (faults.none) return undefined;
  const strike = faults.strike({ instanceId: call.instanceId, method: call.fullMethod, service: call.service, userId: call.userId, clientId: call.clientId });
  if (!strike) return undefined;
  const what = strike.what;
  switch (what.kind) {
    case "rpcError":
      throw Object.assign(new SvcError(what.code as Code, "", what.message), { faultId: strike.id });
    case "http":
      if (call.transport === "rest") throw new FaultAnswer(strike.id, what);
      throw Object.assign(new SvcError(codeOfHttpStatus(what.status), "", `HTTP status ${what.status}`), { faultId: strike.id });
    case "drop":
      call.drop?.();
      throw new FaultAnswer(strike.id, undefined);
    case "delay":
      await new Promise((resolve) => setTimeout(resolve, what.ms));
      return strike;
    default:
      return strike;
  }
}

/** The fault id an error carries, when a fault raised it. */
export const faultIdOf = (err: unknown): string | null =>
  err instanceof FaultAnswer ? err.faultId : ((err as { faultId?: string } | undefined)?.faultId ?? null);

/** Journals one rpc call: how it ended (`err` when it failed), how long it took, the fault that answered. */
export function journalRpc(
  call: Omit<RpcFaultCall, "drop">,
  startedMs: number,
  result: { httpStatus: number } | { err: unknown },
  faultId: string | null,
): void {
  const failed = "err" in result;
  const e = failed ? (result.err instanceof FaultAnswer ? undefined : toSvcError(result.err)) : undefined;
  const answer = failed && result.err instanceof FaultAnswer ? result.err : undefined;
  const status = call.transport !== "rest" ? null : answer ? (answer.http?.status ?? null) : e ? e.httpStatus : (result as { httpStatus: number }).httpStatus;
  negativeOf(call.core).journal.record({
    instanceId: call.instanceId,
    surface: call.service === ADMIN_SERVICE ? "admin" : "resource",
    transport: call.transport,
    endpoint: call.fullMethod,
    clientId: call.clientId ?? null,
    userId: call.userId ?? null,
    status,
    code: answer ? null : Code[e ? e.code : Code.OK]!.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase(),
    durationMs: Math.round((performance.now() - startedMs) * 1000) / 1000,
    faultId: (failed ? faultIdOf(result.err) : null) ?? faultId,
  });
}

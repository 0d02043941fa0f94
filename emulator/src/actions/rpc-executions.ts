// Request and response executions around an rpc (wire-facts 1.6, 1.8, 1.9): the payload is the
// caller's context ({fullMethod, instanceID, orgID, userID}) plus the request as protojson, and for
// a response condition also the response (ContextInfoResponse: the request's keys + `response`);
// a rest_request_response target's answer replaces the message its condition is about (request or
// response) for the handler, the caller and the targets after it.

import { fromJson, toJson, type DescMessage, type JsonValue, type Message } from "@bufbuild/protobuf";
import type { Core } from "../domain/core.js";
import type { Principal } from "../auth/bearer-token.js";
import { Code, SvcError } from "../kernel/errors.js";
import { matchTargets, rpcCandidates } from "./matching.js";
import { runTargets } from "./run-targets.js";
import { findMalformedString } from "../kernel/proto-strings.js";

export interface RpcContext {
  core: Core;
  instanceId: string;
  principal: Principal;
  /** "/package.Service/Method" */
  fullMethod: string;
}

/** A message with its schema, for its protojson form. */
export interface Typed<M extends Message = Message> {
  schema: DescMessage;
  message: M;
}

/**
 * Runs the best matching request execution (no `request` given: `subject` is the request) or
 * response execution (`subject` is the response, `request` the one the handler ran with); returns
 * the subject, replaced when a target answered one.
 */
export async function runRpcExecution<M extends Message>(ctx: RpcContext, { schema, message }: Typed<M>, request?: Typed): Promise<M> {
  const kind = request ? "response" : "request";
  const match = matchTargets(ctx.core.db, ctx.instanceId, rpcCandidates(kind, ctx.fullMethod));
  if (!match || match.targets.length === 0) return message;
  const base = {
    fullMethod: ctx.fullMethod,
    instanceID: ctx.instanceId,
    orgID: ctx.principal.user.orgId,
    userID: ctx.principal.user.id,
    ...(request ? { request: toJson(request.schema, request.message) } : {}),
  };
  const json = toJson(schema, message);
  const answered = await runTargets(ctx.core, ctx.instanceId, match, json, (value) => ({ ...base, [kind]: value }));
  if (answered === json) return message;
  const invalid = (why: string) =>
    new SvcError(Code.FailedPrecondition, "ACTION-4m9s2", `Execution failed: the target's answer is not a valid ${schema.typeName}: ${why}`);
  let replaced: M;
  try {
    replaced = fromJson(schema, answered as JsonValue, { ignoreUnknownFields: true }) as M;
  } catch (e) {
    throw invalid((e as Error).message);
  }
  // The same string rule as a caller's request: a target cannot get NUL or broken text stored.
  const bad = findMalformedString(schema, replaced);
  if (bad) throw invalid(`${bad.path}: ${bad.reason}`);
  return replaced;
}

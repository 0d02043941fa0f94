// SvcActions target rpcs: request messages -> target commands and queries -> response messages.

import type { MessageInitShape } from "@bufbuild/protobuf";
import { durationFromMs, durationMs } from "@bufbuild/protobuf/wkt";
import { createTarget, patchTarget, removeTarget } from "../../domain/target/commands.js";
import { getTarget, searchTargets } from "../../domain/target/queries.js";
import type { TargetConfig, TargetState } from "../../domain/target/target.js";
import type { GetTargetSchema, PatchTarget, Target } from "../../gen/svc/resources/action/v3alpha/target_pb.js";
import { TargetFieldName, type TargetSearchFilter } from "../../gen/svc/resources/action/v3alpha/query_pb.js";
import type { SvcActions } from "../../gen/svc/resources/action/v3alpha/action_service_pb.js";
import { notFound } from "../../kernel/errors.js";
import { instanceResourceDetails, listDetails, pageOf } from "../details.js";
import { actorOf, type Handlers } from "../rpc.js";
import { textMatch } from "../text-filter.js";

function configOf(t: Target): TargetConfig {
  const type = t.targetType;
  return {
    name: t.name,
    targetType: type.case === "restRequestResponse" ? "rest_request_response" : "rest_webhook",
    url: type.value?.url ?? "",
    timeoutMs: t.timeout ? durationMs(t.timeout) : 0,
    isAsync: t.executionType.case === "isAsync" && t.executionType.value,
    interruptOnError: t.executionType.case === "interruptOnError" && t.executionType.value,
  };
}

function patchOf(p: PatchTarget): Partial<TargetConfig> {
  const patch: Partial<TargetConfig> = {};
  if (p.name !== undefined) patch.name = p.name;
  if (p.timeout) patch.timeoutMs = durationMs(p.timeout);
  if (p.targetType.case) {
    patch.targetType = p.targetType.case === "restRequestResponse" ? "rest_request_response" : "rest_webhook";
    patch.url = p.targetType.value.url;
  }
  // The two execution types exclude each other: setting one clears the other.
  if (p.executionType.case === "isAsync") Object.assign(patch, { isAsync: p.executionType.value, interruptOnError: false });
  if (p.executionType.case === "interruptOnError") Object.assign(patch, { interruptOnError: p.executionType.value, isAsync: false });
  return patch;
}

export function targetMessage(t: TargetState): MessageInitShape<typeof GetTargetSchema> {
  const url = { url: t.url };
  return {
    details: instanceResourceDetails(t.id, t.instanceId, t.sequence, t.changedAt),
    signingKey: t.signingKey,
    target: {
      name: t.name,
      targetType: t.targetType === "rest_request_response" ? { case: "restRequestResponse", value: url } : { case: "restWebhook", value: url },
      timeout: durationFromMs(t.timeoutMs),
      executionType: t.isAsync ? { case: "isAsync", value: true } : t.interruptOnError ? { case: "interruptOnError", value: true } : { case: undefined },
    },
  };
}

const SORT_COLUMNS: Record<TargetFieldName, string> = {
  [TargetFieldName.UNSPECIFIED]: "created_at",
  [TargetFieldName.ID]: "id",
  [TargetFieldName.CREATION_DATE]: "created_at",
  [TargetFieldName.CHANGE_DATE]: "changed_at",
  [TargetFieldName.NAME]: "name",
  [TargetFieldName.TARGET_TYPE]: "target_type",
  [TargetFieldName.URL]: "url",
  [TargetFieldName.TIMEOUT]: "timeout_ms",
  [TargetFieldName.ASYNC]: "is_async",
  [TargetFieldName.INTERRUPT_ON_ERROR]: "interrupt_on_error",
};

function searchOf(filters: TargetSearchFilter[]) {
  const names = [];
  const idSets = [];
  for (const f of filters) {
    if (f.query.case === "name") names.push(textMatch(f.query.value.name, f.query.value.method));
    if (f.query.case === "inIds") idSets.push(f.query.value.ids);
  }
  return { names, idSets };
}

export const targetHandlers: Handlers<typeof SvcActions> = {
  createTarget(req, call) {
    const added = createTarget(call.core, actorOf(call), configOf(req.target!));
    return { details: instanceResourceDetails(added.aggregateId, added.instanceId, added.aggregateSequence, added.createdAt) };
  },
  patchTarget(req, call) {
    const changed = patchTarget(call.core, actorOf(call), req.id, patchOf(req.target!));
    const t = getTarget(call.core.db, call.instance.id, req.id)!;
    return { details: changed ? instanceResourceDetails(req.id, call.instance.id, changed.aggregateSequence, changed.createdAt) : targetMessage(t).details };
  },
  deleteTarget(req, call) {
    const removed = removeTarget(call.core, actorOf(call), req.id);
    return { details: instanceResourceDetails(req.id, call.instance.id, removed.aggregateSequence, removed.createdAt) };
  },
  getTarget(req, call) {
    const t = getTarget(call.core.db, call.instance.id, req.id);
    if (!t) throw notFound("COMMAND-xj14f2cccn", "Target not found");
    return { target: targetMessage(t) };
  },
  searchTargets(req, call) {
    const page = pageOf(req.query);
    const { total, rows } = searchTargets(call.core.db, call.instance.id, { ...searchOf(req.filters), sortColumn: SORT_COLUMNS[req.sortingColumn], ...page });
    return { details: listDetails(call.core, call.instance.id, page, total, rows.length), sortingColumn: req.sortingColumn, result: rows.map(targetMessage) };
  },
};

// SvcActions execution rpcs and the ListAvailableExecution* listings.

import type { MessageInitShape } from "@bufbuild/protobuf";
import { FUNCTIONS, executionId, type Condition as DomainCondition } from "../../domain/execution/condition.js";
import { putExecution, removeExecution, type ExecutionCatalog } from "../../domain/execution/commands.js";
import { getExecution, searchExecutions, type ExecutionState } from "../../domain/execution/queries.js";
import type { SvcActions } from "../../gen/svc/resources/action/v3alpha/action_service_pb.js";
import type { Condition, ConditionSchema, GetExecutionSchema } from "../../gen/svc/resources/action/v3alpha/execution_pb.js";
import type { ExecutionSearchFilter } from "../../gen/svc/resources/action/v3alpha/query_pb.js";
import { instanceResourceDetails, listDetails, pageOf } from "../details.js";
import { actorOf, type Handlers, type RpcTable } from "../rpc.js";

/** The API's Condition as the domain's; field rules have already made sure exactly one member is set. */
export function conditionOf(c: Condition): DomainCondition {
  const t = c.conditionType;
  switch (t.case) {
    case "request":
    case "response": {
      const v = t.value.condition;
      if (v.case === "method") return { kind: t.case, method: v.value };
      if (v.case === "service") return { kind: t.case, service: v.value };
      return { kind: t.case, all: true };
    }
    case "function":
      return { kind: "function", name: t.value };
    case "event": {
      const v = t.value.condition;
      if (v.case === "event") return { kind: "event", event: v.value };
      if (v.case === "group") return { kind: "event", group: v.value };
      return { kind: "event", all: true };
    }
    default:
      throw new Error("condition without a type passed field rules");
  }
}

export function conditionMessage(c: DomainCondition): MessageInitShape<typeof ConditionSchema> {
  if (c.kind === "function") return { conditionType: { case: "function", value: "name" in c ? c.name : "" } };
  const member =
    "method" in c
      ? { case: "method" as const, value: c.method }
      : "service" in c
        ? { case: "service" as const, value: c.service }
        : "event" in c
          ? { case: "event" as const, value: c.event }
          : "group" in c
            ? { case: "group" as const, value: c.group }
            : { case: "all" as const, value: true };
  return { conditionType: { case: c.kind, value: { condition: member } } } as MessageInitShape<typeof ConditionSchema>;
}

function executionMessage(e: ExecutionState): MessageInitShape<typeof GetExecutionSchema> {
  return {
    details: instanceResourceDetails(e.id, e.instanceId, e.sequence, e.changedAt),
    execution: { condition: conditionMessage(e.condition), targets: e.targets, includes: e.includes },
  };
}

function searchOf(filters: ExecutionSearchFilter[]) {
  const s = { idSets: [] as string[][], types: [] as number[], targetIds: [] as string[], includeIds: [] as string[] };
  for (const f of filters) {
    const v = f.filter;
    if (v.case === "inConditions") s.idSets.push(v.value.conditions.map((c) => executionId(conditionOf(c))));
    if (v.case === "executionType") s.types.push(v.value.type);
    if (v.case === "target") s.targetIds.push(v.value.id);
    if (v.case === "include") s.includeIds.push(v.value.include);
  }
  return s;
}

export function executionHandlers(table: () => RpcTable): Handlers<typeof SvcActions> {
  const catalog = (): ExecutionCatalog => ({ methods: new Set(table().methodNames()), services: new Set(table().serviceNames()) });
  return {
    putExecution(req, call) {
      const ex = req.execution!;
      const { id, created, event } = putExecution(
        call.core,
        actorOf(call),
        { condition: conditionOf(ex.condition!), targets: ex.targets, includes: ex.includes },
        catalog(),
      );
      call.httpStatus = created ? 201 : 200;
      if (event) return { details: instanceResourceDetails(id, call.instance.id, event.aggregateSequence, event.createdAt) };
      return { details: executionMessage(getExecution(call.core.db, call.instance.id, id)!).details };
    },
    deleteExecution(req, call) {
      const removed = removeExecution(call.core, actorOf(call), req.id);
      return { details: instanceResourceDetails(req.id, call.instance.id, removed.aggregateSequence, removed.createdAt) };
    },
    searchExecutions(req, call) {
      const page = pageOf(req.query);
      const { total, rows } = searchExecutions(call.core.db, call.instance.id, { ...searchOf(req.filters), ...page });
      return { details: listDetails(call.core, call.instance.id, page, total, rows.length), result: rows.map(executionMessage) };
    },
    listAvailableExecutionFunctions() {
      return { functions: [...FUNCTIONS] };
    },
    listAvailableExecutionMethods() {
      return { methods: table().methodNames() };
    },
    listAvailableExecutionServices() {
      return { services: table().serviceNames() };
    },
  };
}

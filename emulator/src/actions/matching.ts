// Which targets run (wire-facts 1.6): the single most specific execution among the candidates
// (method, then service, then all; for events the event, then its groups from the longest, then
// all), its includes expanded in place, targets in order.

import type { Database } from "../store/database.js";
import { bestExecution, getExecution, type ExecutionState } from "../domain/execution/queries.js";
import { getTarget } from "../domain/target/queries.js";
import type { TargetState } from "../domain/target/target.js";

/** Candidate execution ids for an rpc, most specific first. */
export function rpcCandidates(kind: "request" | "response", fullMethod: string): string[] {
  const method = fullMethod.replace(/^\//, "");
  return [`${kind}/${method}`, `${kind}/${method.slice(0, method.lastIndexOf("/"))}`, kind];
}

/** Candidate execution ids for an event type, most specific first: "user.human.added" -> event, user.human.*, user.*, all. */
export function eventCandidates(type: string): string[] {
  const parts = type.split(".");
  const groups = parts.slice(0, -1).map((_, i) => `event/${parts.slice(0, parts.length - 1 - i).join(".")}.*`);
  return [`event/${type}`, ...groups, "event"];
}

export interface Match {
  executionId: string;
  targets: TargetState[];
}

/** The targets of the best matching execution, includes expanded in place; undefined when none matches. */
export function matchTargets(db: Database, instanceId: string, candidates: string[]): Match | undefined {
  const execution = bestExecution(db, instanceId, candidates);
  if (!execution) return undefined;
  // `path`: the executions being expanded, so an include cycle stops instead of looping.
  const expand = (ex: ExecutionState, path: string[]): TargetState[] => [
    ...ex.targets.map((t) => getTarget(db, instanceId, t)).filter((t): t is TargetState => !!t),
    ...ex.includes.flatMap((id) => {
      const included = path.includes(id) ? undefined : getExecution(db, instanceId, id);
      return included ? expand(included, [...path, id]) : [];
    }),
  ];
  return { executionId: execution.id, targets: expand(execution, [execution.id]) };
}

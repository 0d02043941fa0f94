// The execution aggregate's events (owned by the instance; the id is the condition as a path,
// condition.ts). Type names and payloads are those stored since executions came.

import { eventType } from "../../store/event-type.js";
import type { Condition } from "./condition.js";

export const EXECUTION = "execution";
const AGGREGATE = EXECUTION;

/** The whole execution: set creates it or replaces its targets and includes. */
export const ExecutionSet = eventType<{ condition: Condition; targets: string[]; includes: string[] }>(AGGREGATE, "execution.set");
export const ExecutionRemoved = eventType<Record<string, never>>(AGGREGATE, "execution.removed");

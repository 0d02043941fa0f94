// SvcActions as the Actions screen shows it: a target as its form edits it (the proto's oneofs of
// type and execution_type as two choices), an execution with its details, and a condition in words.
// The JSON shapes are the generated proto3 JSON types of proto/svc/resources/action/v3alpha.

import type { DetailsJson } from "../../../../emulator/src/gen/svc/resources/object/v3alpha/object_pb.js";
import type { ConditionJson, ExecutionJson } from "../../../../emulator/src/gen/svc/resources/action/v3alpha/execution_pb.js";
import type { TargetJson } from "../../../../emulator/src/gen/svc/resources/action/v3alpha/target_pb.js";

export type { ConditionJson, DetailsJson, TargetJson };

export type TargetType = "restWebhook" | "restRequestResponse";
/** The oneof execution_type: neither field (sync), interrupt_on_error, or is_async. */
export type TargetMode = "sync" | "interrupt" | "async";

/** What the target form edits. */
export interface TargetInput {
  name: string;
  type: TargetType;
  url: string;
  /** A proto Duration as JSON, e.g. "10s". */
  timeout: string;
  mode: TargetMode;
}

type Identified = Required<Pick<DetailsJson, "id" | "changeDate">>;

export type Target = TargetInput & Identified;

/** An execution with the id and change date of its details. */
export type Execution = Required<Pick<ExecutionJson, "condition" | "targets" | "includes">> & Identified;

export const targetJson = (t: TargetInput): TargetJson => ({
  name: t.name,
  [t.type]: { url: t.url },
  timeout: t.timeout,
  // Sending interruptOnError false selects the oneof's sync, non-interrupting case explicitly.
  ...(t.mode === "async" ? { isAsync: true } : { interruptOnError: t.mode === "interrupt" }),
});

export const targetOf = (details: DetailsJson | undefined, t: TargetJson | undefined): Target => ({
  id: details?.id ?? "",
  changeDate: details?.changeDate ?? "",
  name: t?.name ?? "",
  type: t?.restRequestResponse ? "restRequestResponse" : "restWebhook",
  url: (t?.restWebhook ?? t?.restRequestResponse)?.url ?? "",
  timeout: t?.timeout ?? "",
  mode: t?.isAsync ? "async" : t?.interruptOnError ? "interrupt" : "sync",
});

/** A condition in words, e.g. "event user.human.added", "request to every method". */
export function describeCondition(c: ConditionJson): string {
  if (c.function !== undefined) return `function ${c.function}`;
  const [kind, inner] = (Object.entries(c)[0] ?? ["condition", {}]) as [string, Record<string, string | boolean>];
  if ("all" in inner) return kind === "event" ? "every event" : `${kind} of every method`;
  const [what, value] = Object.entries(inner)[0] ?? ["", ""];
  if (kind === "event") return what === "event" ? `event ${String(value)}` : `events of group ${String(value)}`;
  return `${kind} of ${what} ${String(value)}`;
}

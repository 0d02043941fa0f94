// Conditions and the execution id derived from them (wire-facts 1.5): one execution per condition,
// its id is the condition written as a path, e.g. "request/svc.resources.action.v3alpha.SvcActions",
// "event/user.human.*", "function/preuserinfo".

export type ExecutionKind = "request" | "response" | "function" | "event";

export type Condition =
  | { kind: "request" | "response"; method: string }
  | { kind: "request" | "response"; service: string }
  | { kind: "request" | "response" | "event"; all: true }
  | { kind: "function"; name: string }
  | { kind: "event"; event: string }
  | { kind: "event"; group: string };

/** ExecutionType enum numbers of the API. */
export const EXECUTION_TYPE: Record<ExecutionKind, number> = { request: 1, response: 2, event: 3, function: 4 };

/** The functions an execution can run at (wire-facts 1.10), in the product's order. */
export const FUNCTIONS = ["preuserinfo", "preaccesstoken", "presamlresponse"] as const;

function join(kind: string, value: string): string {
  return value.startsWith("/") ? kind + value : `${kind}/${value}`;
}

export function executionId(c: Condition): string {
  if ("all" in c) return c.kind;
  if ("method" in c) return join(c.kind, c.method);
  if ("service" in c) return join(c.kind, c.service);
  if ("name" in c) return join(c.kind, c.name);
  if ("event" in c) return join(c.kind, c.event);
  return join(c.kind, c.group.endsWith(".*") ? c.group : `${c.group}.*`);
}

/** The kind of execution an id belongs to: the part before the first "/". */
export function kindOfId(id: string): ExecutionKind | undefined {
  const kind = id.split("/", 1)[0];
  return kind === "request" || kind === "response" || kind === "function" || kind === "event" ? kind : undefined;
}

/** A full method name "/package.Service/Method" from what a user wrote, with or without the leading slash. */
export function normalizeMethod(method: string): string {
  return method.startsWith("/") ? method : `/${method}`;
}

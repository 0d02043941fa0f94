// SvcActions over the resource API (v3alpha REST, proto3 JSON) as the UI uses it: targets and
// executions of the instance the given client reaches (the selected one). The JSON shapes follow
// proto/svc/resources/action/v3alpha; search bodies are the `filters` field (an array).

import type { ResourceClient } from "../../api/resource";

export type TargetType = "restWebhook" | "restRequestResponse";
/** The oneof execution_type: neither field (sync), interrupt_on_error, or is_async. */
export type TargetMode = "sync" | "interrupt" | "async";

export interface TargetInput {
  name: string;
  type: TargetType;
  url: string;
  /** A proto Duration as JSON, e.g. "10s". */
  timeout: string;
  mode: TargetMode;
}

interface TargetJson {
  name: string;
  restWebhook?: { url: string };
  restRequestResponse?: { url: string };
  timeout?: string;
  isAsync?: boolean;
  interruptOnError?: boolean;
}

export interface Target extends TargetInput {
  id: string;
  changeDate: string;
}

interface Details {
  id: string;
  changeDate: string;
}

/** The execution's condition, as the proto's oneofs. */
export type Condition =
  | { request: { method: string } | { service: string } | { all: true } }
  | { response: { method: string } | { service: string } | { all: true } }
  | { event: { event: string } | { group: string } | { all: true } }
  | { function: string };

export interface Execution {
  /** Derived from the condition by the API (`event/user.human.added`, `request/<method>`, …). */
  id: string;
  condition: Condition;
  targets: string[];
  includes: string[];
  changeDate: string;
}

const toJson = (t: TargetInput): TargetJson => ({
  name: t.name,
  [t.type]: { url: t.url },
  timeout: t.timeout,
  // Sending interruptOnError false selects the oneof's sync, non-interrupting case explicitly.
  ...(t.mode === "async" ? { isAsync: true } : { interruptOnError: t.mode === "interrupt" }),
});

const fromJson = (details: Details, t: TargetJson): Target => ({
  id: details.id,
  changeDate: details.changeDate,
  name: t.name,
  type: t.restRequestResponse ? "restRequestResponse" : "restWebhook",
  url: (t.restWebhook ?? t.restRequestResponse)?.url ?? "",
  timeout: t.timeout ?? "",
  mode: t.isAsync ? "async" : t.interruptOnError ? "interrupt" : "sync",
});

export function actionsApi(rest: ResourceClient) {
  return {
    /** The targets, without their signing keys (the list never shows one). */
    async targets(): Promise<Target[]> {
      const r = await rest.post<{ result: { details: Details; target: TargetJson }[] }>("/targets/_search", []);
      return r.result.map((g) => fromJson(g.details, g.target));
    },
    /** Creates a target; answers its id and the signing key, which the UI shows once, right after. */
    async createTarget(t: TargetInput): Promise<{ id: string; signingKey: string }> {
      const { details } = await rest.post<{ details: Details }>("/targets", toJson(t));
      const got = await rest.get<{ target: { signingKey: string } }>(`/targets/${encodeURIComponent(details.id)}`);
      return { id: details.id, signingKey: got.target.signingKey };
    },
    patchTarget: (id: string, t: TargetInput) => rest.patch<unknown>(`/targets/${encodeURIComponent(id)}`, toJson(t)),
    deleteTarget: (id: string) => rest.delete<unknown>(`/targets/${encodeURIComponent(id)}`),

    async executions(): Promise<Execution[]> {
      const r = await rest.post<{ result: { details: Details; execution: { condition: Condition; targets: string[]; includes: string[] } }[] }>(
        "/executions/_search",
        [],
      );
      return r.result.map((g) => ({
        id: g.details.id,
        changeDate: g.details.changeDate,
        condition: g.execution.condition,
        targets: g.execution.targets,
        includes: g.execution.includes,
      }));
    },
    /** Sets the targets (and includes) of the execution of a condition; an existing one is replaced. */
    putExecution: (condition: Condition, targets: string[], includes: string[]) =>
      rest.post<{ details: Details }>("/executions", { condition, targets, includes }).then((r) => r.details.id),
    deleteExecution: (id: string) => rest.delete<unknown>(`/executions/${encodeURIComponent(id)}`),

    functions: () => rest.get<{ functions: string[] }>("/executions/functions").then((r) => r.functions),
    services: () => rest.get<{ services: string[] }>("/executions/services").then((r) => r.services),
    methods: () => rest.get<{ methods: string[] }>("/executions/methods").then((r) => r.methods),
  };
}

export type ActionsApi = ReturnType<typeof actionsApi>;

/** A condition in words, e.g. "event user.human.added", "request to every method". */
export function describeCondition(c: Condition): string {
  if ("function" in c) return `function ${c.function}`;
  const [kind, inner] = Object.entries(c)[0] as [string, Record<string, string | boolean>];
  if ("all" in inner) return kind === "event" ? "every event" : `${kind} of every method`;
  const [what, value] = Object.entries(inner)[0]!;
  if (kind === "event") return what === "event" ? `event ${String(value)}` : `events of group ${String(value)}`;
  return `${kind} of ${what} ${String(value)}`;
}

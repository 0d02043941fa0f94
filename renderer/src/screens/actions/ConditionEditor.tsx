// The condition of an execution, as the proto's oneofs: a request or response of a method, a
// service or all; an event by type, by group or all; or a function by name.

import type { Choices } from "./api/list-executions";
import type { ConditionJson } from "./model";
import { EVENT_TYPES } from "./sample-events";

export type Kind = "request" | "response" | "event" | "function";
export type Scope = "method" | "service" | "all" | "event" | "group";

export interface ConditionDraft {
  kind: Kind;
  scope: Scope;
  value: string;
}

export const EMPTY_DRAFT: ConditionDraft = { kind: "event", scope: "event", value: "user.human.added" };

export function toCondition(d: ConditionDraft): ConditionJson {
  if (d.kind === "function") return { function: d.value };
  const inner = d.scope === "all" ? { all: true } : { [d.scope]: d.value };
  return { [d.kind]: inner };
}

export function toDraft(c: ConditionJson): ConditionDraft {
  if (c.function !== undefined) return { kind: "function", scope: "all", value: c.function };
  const [kind, inner] = (Object.entries(c)[0] ?? [EMPTY_DRAFT.kind, {}]) as [Kind, Record<string, string | boolean>];
  const [scope, value] = (Object.entries(inner)[0] ?? ["all", ""]) as [Scope, string | boolean];
  return { kind, scope, value: typeof value === "string" ? value : "" };
}

const SCOPES: Record<Exclude<Kind, "function">, Scope[]> = {
  request: ["method", "service", "all"],
  response: ["method", "service", "all"],
  event: ["event", "group", "all"],
};

export function ConditionEditor({ draft, onChange, choices }: { draft: ConditionDraft; onChange(d: ConditionDraft): void; choices: Choices }) {
  const setKind = (kind: Kind) =>
    onChange(
      kind === "function"
        ? { kind, scope: "all", value: choices.functions[0] ?? "" }
        : kind === "event"
          ? { kind, scope: "event", value: EVENT_TYPES[0]! }
          : { kind, scope: "method", value: choices.methods[0] ?? "" },
    );
  const setScope = (scope: Scope) =>
    onChange({
      ...draft,
      scope,
      value:
        scope === "method"
          ? (choices.methods[0] ?? "")
          : scope === "service"
            ? (choices.services[0] ?? "")
            : scope === "group"
              ? "user"
              : scope === "event"
                ? EVENT_TYPES[0]!
                : "",
    });
  const options =
    draft.kind === "function" ? choices.functions : draft.scope === "method" ? choices.methods : draft.scope === "service" ? choices.services : undefined;
  return (
    <span className="row">
      <label>
        Condition
        <select value={draft.kind} onChange={(e) => setKind(e.target.value as Kind)}>
          <option value="request">request</option>
          <option value="response">response</option>
          <option value="event">event</option>
          <option value="function">function</option>
        </select>
      </label>
      {draft.kind !== "function" && (
        <label>
          Of
          <select value={draft.scope} onChange={(e) => setScope(e.target.value as Scope)}>
            {SCOPES[draft.kind].map((s) => (
              <option key={s} value={s}>
                {s === "all" ? "all" : `one ${s}`}
              </option>
            ))}
          </select>
        </label>
      )}
      {options && (
        <label>
          Name
          <select value={draft.value} onChange={(e) => onChange({ ...draft, value: e.target.value })}>
            {options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </label>
      )}
      {(draft.scope === "event" || draft.scope === "group") && draft.kind === "event" && (
        <label>
          {draft.scope === "event" ? "Event type" : "Event group"}
          <input value={draft.value} onChange={(e) => onChange({ ...draft, value: e.target.value })} list="event-types" required />
        </label>
      )}
      <datalist id="event-types">
        {EVENT_TYPES.map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
    </span>
  );
}

// PutExecution and DeleteExecution (spec SvcActions; wire-facts 1.5 for the product's checks):
// the condition must name something the emulator serves, targets and includes must exist, includes
// must be of the same kind, include cycles and more than MAX_INCLUDE_LEVELS levels are refused.
// Setting the same targets and includes again appends no event.

import type { Actor, Core } from "../core.js";
import { Code, SvcError, invalidArgument, notFound } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event-store.js";
import { getTarget } from "../target/queries.js";
import { FUNCTIONS, executionId, kindOfId, normalizeMethod, type Condition } from "./condition.js";
import { ExecutionRemoved, ExecutionSet } from "./events.js";
import { executionsIncluding, getExecution } from "./queries.js";

export const MAX_INCLUDE_LEVELS = 3;

/** What conditions may name: the emulator's own rpcs and services. */
export interface ExecutionCatalog {
  methods: ReadonlySet<string>;
  services: ReadonlySet<string>;
}

export interface ExecutionInput {
  condition: Condition;
  targets: string[];
  includes: string[];
}

const conditionInvalid = (what: string) => notFound("EXECUTION-condition-invalid", `Execution condition is invalid: ${what}`);

function checkCondition(c: Condition, catalog: ExecutionCatalog): void {
  if ("method" in c && !catalog.methods.has(normalizeMethod(c.method))) throw conditionInvalid(`no method ${normalizeMethod(c.method)} is served`);
  if ("service" in c && !catalog.services.has(c.service.replace(/^\//, ""))) throw conditionInvalid(`no service ${c.service} is served`);
  if ("name" in c && !(FUNCTIONS as readonly string[]).includes(c.name)) throw conditionInvalid(`no function ${c.name}; functions are ${FUNCTIONS.join(", ")}`);
}

/** Levels of includes below `id` when `id` includes `includes`; throws on a cycle through `id`. */
function includeLevels(core: Core, instanceId: string, id: string, includes: string[]): number {
  const levels = (current: string, children: string[], seen: string[]): number => {
    let deepest = 0;
    for (const child of children) {
      if (child === id || seen.includes(child)) {
        throw new SvcError(Code.FailedPrecondition, "EXECUTION-circular-include", `Circular include: ${[...seen, current, child].join(" -> ")}`);
      }
      const next = getExecution(core.db, instanceId, child)?.includes ?? [];
      deepest = Math.max(deepest, 1 + levels(child, next, [...seen, current]));
    }
    return deepest;
  };
  return levels(id, includes, []);
}

/** Creates or updates the execution of the condition; `created` tells which. */
export function putExecution(
  core: Core,
  actor: Actor,
  input: ExecutionInput,
  catalog: ExecutionCatalog,
): { id: string; created: boolean; event: StoredEvent | undefined } {
  const id = executionId(input.condition);
  let created = false;
  const [event] = core.events.command(() => {
    checkCondition(input.condition, catalog);
    for (const t of input.targets) if (!getTarget(core.db, actor.instanceId, t)) throw notFound("COMMAND-17e8fq1ggk", `Target ${t} not found`);
    for (const inc of input.includes) {
      if (!getExecution(core.db, actor.instanceId, inc)) throw notFound("COMMAND-slgj0l4cdz", `Included execution ${inc} not found`);
      if (kindOfId(inc) !== input.condition.kind) {
        throw invalidArgument("EXECUTION-include-kind", `Included execution ${inc} is not a ${input.condition.kind} execution`);
      }
    }
    if (includeLevels(core, actor.instanceId, id, input.includes) > MAX_INCLUDE_LEVELS) {
      throw new SvcError(Code.FailedPrecondition, "EXECUTION-max-include-levels", `Includes may be nested at most ${MAX_INCLUDE_LEVELS} levels deep`);
    }
    const existing = getExecution(core.db, actor.instanceId, id);
    created = !existing;
    if (existing && same(existing.targets, input.targets) && same(existing.includes, input.includes)) return [];
    return [ExecutionSet.event(actor, id, actor.instanceId, { condition: input.condition, targets: input.targets, includes: input.includes })];
  });
  return { id, created, event };
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Removes the execution and drops it from the includes of every execution that included it. */
export function removeExecution(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => {
    const existing = getExecution(core.db, actor.instanceId, id);
    if (!existing) throw notFound("EXECUTION-not-found", "Execution not found");
    const cleanups = executionsIncluding(core.db, actor.instanceId, id).map((ex) =>
      ExecutionSet.event(actor, ex.id, actor.instanceId, { condition: ex.condition, targets: ex.targets, includes: ex.includes.filter((i) => i !== id) }),
    );
    return [ExecutionRemoved.event(actor, id, actor.instanceId, {}), ...cleanups];
  });
  return removed!;
}

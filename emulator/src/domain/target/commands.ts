// Target commands (spec SvcActions; product checks of wire-facts 1.3): a name is required and unique
// in its instance, a timeout is required, above 0 and at most 270s. A patch that changes nothing
// appends no event. Removing a target also removes it from every execution that calls it.

import { randomBytes } from "node:crypto";
import type { Actor, Core, GivenId } from "../core.js";
import { alreadyExists, invalidArgument, notFound, type SvcError } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event-store.js";
import { seal } from "../../store/sealed.js";
import { executionsCallingTarget } from "../execution/queries.js";
import { ExecutionSet } from "../execution/events.js";
import { TargetAdded, TargetChanged, TargetRemoved } from "./events.js";
import { getTarget, getTargetByName } from "./queries.js";
import { MAX_TIMEOUT_MS, type TargetConfig } from "./target.js";

const KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A target's signing key: 36 letters and digits, as the product's default secret generator. */
export function newSigningKey(): string {
  return Array.from(randomBytes(36), (b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join("");
}

const targetNotFound = () => notFound("COMMAND-xj14f2cccn", "Target not found");

function checkName(name: string): SvcError | undefined {
  return name.trim() === "" ? invalidArgument("COMMAND-ddqbm9us5p", "Target name must not be empty") : undefined;
}

function checkTimeout(ms: number): SvcError | undefined {
  if (!(ms > 0)) return invalidArgument("COMMAND-39f35d8uri", "Target timeout must be greater than 0s");
  if (ms > MAX_TIMEOUT_MS) return invalidArgument("COMMAND-39f35d8urj", `Target timeout must be at most ${MAX_TIMEOUT_MS / 1000}s`);
  return undefined;
}

/** Creates a target with a new signing key; `opts.id` keeps a given id (seed, import). */
export function createTarget(core: Core, actor: Actor, config: TargetConfig, opts: GivenId = {}): StoredEvent {
  const id = opts.id ?? core.ids.next();
  const [added] = core.events.command(() => {
    const err = checkName(config.name) ?? checkTimeout(config.timeoutMs);
    if (err) throw err;
    if (getTargetByName(core.db, actor.instanceId, config.name))
      throw alreadyExists("INSTANCE-9axkz0jvzm", `A target named ${JSON.stringify(config.name)} already exists`);
    return [TargetAdded.event(actor, id, actor.instanceId, { ...config, signingKey: seal(core.db, newSigningKey()) })];
  });
  return added!;
}

/** Applies the set fields of `patch`; returns the new event, or undefined when nothing changed. */
export function patchTarget(core: Core, actor: Actor, id: string, patch: Partial<TargetConfig>): StoredEvent | undefined {
  const [changed] = core.events.command(() => {
    const current = getTarget(core.db, actor.instanceId, id);
    if (!current) throw targetNotFound();
    const err = (patch.name !== undefined ? checkName(patch.name) : undefined) ?? (patch.timeoutMs !== undefined ? checkTimeout(patch.timeoutMs) : undefined);
    if (err) throw err;
    const diff: Partial<TargetConfig> = {};
    for (const key of Object.keys(patch) as (keyof TargetConfig)[]) {
      if (patch[key] !== undefined && patch[key] !== current[key]) (diff as Record<string, unknown>)[key] = patch[key];
    }
    if (Object.keys(diff).length === 0) return [];
    if (diff.name !== undefined) {
      const other = getTargetByName(core.db, actor.instanceId, diff.name);
      if (other && other.id !== id) throw alreadyExists("INSTANCE-9axkz0jvzm", `A target named ${JSON.stringify(diff.name)} already exists`);
    }
    return [TargetChanged.event(actor, id, actor.instanceId, diff)];
  });
  return changed;
}

export function removeTarget(core: Core, actor: Actor, id: string): StoredEvent {
  const [removed] = core.events.command(() => {
    const current = getTarget(core.db, actor.instanceId, id);
    if (!current) throw targetNotFound();
    const cleanups = executionsCallingTarget(core.db, actor.instanceId, id).map((ex) =>
      ExecutionSet.event(actor, ex.id, actor.instanceId, { condition: ex.condition, targets: ex.targets.filter((t) => t !== id), includes: ex.includes }),
    );
    return [TargetRemoved.event(actor, id, actor.instanceId, { name: current.name }), ...cleanups];
  });
  return removed!;
}

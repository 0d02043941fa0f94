// Settings commands: SetLanguages (spec "Language settings"), with the checks of the product's
// language logic: supported keys, no duplicates, the default among the restricted languages.

import type { Actor, Core } from "../core.js";
import { Code, SvcError, invalidArgument } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event.js";
import { contextChain, type Context } from "../context/context.js";
import { settingsAggregateId, SettingsSet, type SettingsGroup } from "./events.js";
import { DEFAULT_LANGUAGE, RESTRICTED_LANGUAGES, SUPPORTED_LANGUAGES, SYSTEM_DEFAULT_LANGUAGE, type LanguageChange } from "./language.js";
import { resolveLanguages } from "./queries.js";

/** Appends one settings change for a context, after `check`; `properties` maps names to values, or null to reset. */
function setSettings(core: Core, actor: Actor, ctx: Context, group: SettingsGroup, properties: Record<string, unknown>, check: () => void): StoredEvent {
  // The event is in the context's instance (the system's settings in "SYSTEM"), whoever acts.
  const on: Actor = { ...actor, instanceId: ctx.instanceId ?? "SYSTEM" };
  const [event] = core.events.command(() => {
    check();
    return [SettingsSet[group].event(on, settingsAggregateId(ctx), ctx.id, { contextType: ctx.type, contextId: ctx.id, properties })];
  });
  return event!;
}

function checkSupported(keys: string[]): void {
  const unsupported = keys.find((k) => !SUPPORTED_LANGUAGES.includes(k));
  if (unsupported) throw invalidArgument("LANG-lg4DP", `Language is not supported: ${unsupported}`);
  const dup = keys.find((k, i) => keys.indexOf(k) !== i);
  if (dup) throw invalidArgument("LANG-3M9f2", `Language appears twice: ${dup}`);
}

export function setLanguages(core: Core, actor: Actor, ctx: Context, change: LanguageChange): StoredEvent | undefined {
  const properties: Record<string, unknown> = {};
  if (change.defaultLanguage !== undefined) properties[DEFAULT_LANGUAGE] = change.defaultLanguage;
  if (change.restrictedLanguages !== undefined) properties[RESTRICTED_LANGUAGES] = change.restrictedLanguages;
  if (Object.keys(properties).length === 0) return undefined;
  if (change.restrictedLanguages) checkSupported(change.restrictedLanguages);
  if (change.defaultLanguage) checkSupported([change.defaultLanguage]);
  return setSettings(core, actor, ctx, "language", properties, () => {
    // The resolution this change would give: the change where it sets, the parent's value where it resets.
    const parent = contextChain(ctx)[1];
    const current = resolveLanguages(core, ctx);
    const inherited = parent ? resolveLanguages(core, parent) : undefined;
    const pick = <T>(next: T | null | undefined, now: T, up: T | undefined, fallback: T) =>
      next === undefined ? now : next === null ? (up ?? fallback) : next;
    const def = pick(change.defaultLanguage, current.defaultLanguage.value, inherited?.defaultLanguage.value, SYSTEM_DEFAULT_LANGUAGE);
    const restricted = pick(change.restrictedLanguages, current.restrictedLanguages.value, inherited?.restrictedLanguages.value, SUPPORTED_LANGUAGES);
    if (!restricted.includes(def))
      throw new SvcError(
        Code.FailedPrecondition,
        "COMMAND-L0m2u",
        `The default language ${def} must be among the restricted languages (${restricted.join(", ")})`,
      );
  });
}

// Language settings (spec "Language settings"; wire-facts 3): a default language and restricted
// languages per context, resolved up the chain; the system's supported languages are fixed. Checks
// of the product's language logic: supported keys, no duplicates, the default among the restricted.

import type { Actor, Core } from "../core.js";
import { Code, SvcError, invalidArgument } from "../../kernel/errors.js";
import type { StoredEvent } from "../../store/event-store.js";
import { contextChain, type Context } from "../context/context.js";
import { lastChange, resolveSetting, setSettings, type Resolved } from "./settings.js";

/** The languages the system supports (the product's login texts, 2025-04). */
export const SUPPORTED_LANGUAGES = ["bg", "cs", "de", "en", "es", "fr", "hu", "id", "it", "ja", "ko", "mk", "nl", "pl", "pt", "ro", "ru", "sv", "zh"];
export const SYSTEM_DEFAULT_LANGUAGE = "en";

const DEFAULT = "language.default";
const RESTRICTED = "language.restricted";

export interface LanguageSettings {
  defaultLanguage: Resolved<string>;
  restrictedLanguages: Resolved<string[]>;
}

export function resolveLanguages(core: Core, ctx: Context): LanguageSettings {
  return {
    defaultLanguage: resolveSetting(core.db, ctx, DEFAULT, SYSTEM_DEFAULT_LANGUAGE),
    restrictedLanguages: resolveSetting(core.db, ctx, RESTRICTED, SUPPORTED_LANGUAGES),
  };
}

/** `undefined`: leave as is; `null`: reset to the parent's value; else set. */
export interface LanguageChange {
  defaultLanguage?: string | null;
  restrictedLanguages?: string[] | null;
}

function checkSupported(keys: string[]): void {
  const unsupported = keys.find((k) => !SUPPORTED_LANGUAGES.includes(k));
  if (unsupported) throw invalidArgument("LANG-lg4DP", `Language is not supported: ${unsupported}`);
  const dup = keys.find((k, i) => keys.indexOf(k) !== i);
  if (dup) throw invalidArgument("LANG-3M9f2", `Language appears twice: ${dup}`);
}

export function setLanguages(core: Core, actor: Actor, ctx: Context, change: LanguageChange): StoredEvent | undefined {
  const properties: Record<string, unknown> = {};
  if (change.defaultLanguage !== undefined) properties[DEFAULT] = change.defaultLanguage;
  if (change.restrictedLanguages !== undefined) properties[RESTRICTED] = change.restrictedLanguages;
  if (Object.keys(properties).length === 0) return undefined;
  if (change.restrictedLanguages) checkSupported(change.restrictedLanguages);
  if (change.defaultLanguage) checkSupported([change.defaultLanguage]);
  return setSettings(core, ctx, "language", properties, actor.userId, () => {
    // The resolution this change would give: the change where it sets, the parent's value where it resets.
    const parent = contextChain(ctx)[1];
    const current = resolveLanguages(core, ctx);
    const inherited = parent ? resolveLanguages(core, parent) : undefined;
    const pick = <T>(next: T | null | undefined, now: T, up: T | undefined, fallback: T) => (next === undefined ? now : next === null ? (up ?? fallback) : next);
    const def = pick(change.defaultLanguage, current.defaultLanguage.value, inherited?.defaultLanguage.value, SYSTEM_DEFAULT_LANGUAGE);
    const restricted = pick(change.restrictedLanguages, current.restrictedLanguages.value, inherited?.restrictedLanguages.value, SUPPORTED_LANGUAGES);
    if (!restricted.includes(def)) throw new SvcError(Code.FailedPrecondition, "COMMAND-L0m2u", `The default language ${def} must be among the restricted languages (${restricted.join(", ")})`);
  });
}

export function languageDetails(core: Core, ctx: Context) {
  return lastChange(core.db, ctx, "language");
}

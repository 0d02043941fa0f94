// Language settings (spec "Language settings"; wire-facts 3): a default language and restricted
// languages per context, resolved up the chain; the system's supported languages are fixed.

import type { Resolved } from "./settings.js";

/** The languages the system supports (the product's login texts, 2025-04). */
export const SUPPORTED_LANGUAGES = ["bg", "cs", "de", "en", "es", "fr", "hu", "id", "it", "ja", "ko", "mk", "nl", "pl", "pt", "ro", "ru", "sv", "zh"];
export const SYSTEM_DEFAULT_LANGUAGE = "en";

/** The properties of the language group. */
export const DEFAULT_LANGUAGE = "language.default";
export const RESTRICTED_LANGUAGES = "language.restricted";

export interface LanguageSettings {
  defaultLanguage: Resolved<string>;
  restrictedLanguages: Resolved<string[]>;
}

/** `undefined`: leave as is; `null`: reset to the parent's value; else set. */
export interface LanguageChange {
  defaultLanguage?: string | null;
  restrictedLanguages?: string[] | null;
}

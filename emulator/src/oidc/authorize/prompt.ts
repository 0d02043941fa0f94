// What an authorization request does once it is remembered, as a table of steps like the grants:
// the first step whose condition holds for the request's prompt values and the user agent's
// eligible login sessions decides. Order matters: prompt=none is answered without any page, the
// prompts that ask for a page come before any session is used, and only then do the sessions decide.

import { OidcError } from "../errors.js";
import type { LoginSession } from "../../domain/login-session/login-session.js";

/** The login pages under /ui/login an authorization request can be sent to. */
export type LoginPage = "login" | "register" | "select";

export type PromptOutcome = { kind: "complete"; session: LoginSession } | { kind: "page"; page: LoginPage } | { kind: "error"; error: OidcError };

export interface PromptStep {
  /** The case this step stands for (for reading the table and for errors in it). */
  readonly name: string;
  readonly when: (prompt: readonly string[], sessions: readonly LoginSession[]) => boolean;
  readonly outcome: (sessions: readonly LoginSession[]) => PromptOutcome;
}

const page = (name: LoginPage): PromptOutcome => ({ kind: "page", page: name });
const complete = (session: LoginSession): PromptOutcome => ({ kind: "complete", session });
const fail = (error: OidcError): PromptOutcome => ({ kind: "error", error });

export const PROMPT_STEPS: readonly PromptStep[] = [
  {
    name: "prompt=none without a session",
    when: (prompt, sessions) => prompt.includes("none") && sessions.length === 0,
    outcome: () => fail(new OidcError("login_required", "no login session for this request")),
  },
  {
    name: "prompt=none with several sessions",
    when: (prompt, sessions) => prompt.includes("none") && sessions.length > 1,
    outcome: () => fail(new OidcError("interaction_required", "several sessions: the user must choose an account")),
  },
  { name: "prompt=none with one session", when: (prompt) => prompt.includes("none"), outcome: (sessions) => complete(sessions[0]!) },
  { name: "prompt=create", when: (prompt) => prompt.includes("create"), outcome: () => page("register") },
  { name: "prompt=login", when: (prompt) => prompt.includes("login"), outcome: () => page("login") },
  { name: "prompt=select_account", when: (prompt) => prompt.includes("select_account"), outcome: () => page("select") },
  { name: "one session", when: (_, sessions) => sessions.length === 1, outcome: (sessions) => complete(sessions[0]!) },
  { name: "several sessions", when: (_, sessions) => sessions.length > 1, outcome: () => page("select") },
  { name: "no session", when: () => true, outcome: () => page("login") },
];

/** The outcome of the first step that applies (the last step always does). */
export function decidePrompt(prompt: readonly string[], sessions: readonly LoginSession[]): PromptOutcome {
  const step = PROMPT_STEPS.find((s) => s.when(prompt, sessions))!;
  return step.outcome(sessions);
}

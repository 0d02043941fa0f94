// What an error means to the person at the UI: what happened and what to do, in words; the gRPC code
// (or the JavaScript exception) is only the detail under it.

import { ApiError } from "../api/http";

export const CODE_NAMES = [
  "OK",
  "CANCELLED",
  "UNKNOWN",
  "INVALID_ARGUMENT",
  "DEADLINE_EXCEEDED",
  "NOT_FOUND",
  "ALREADY_EXISTS",
  "PERMISSION_DENIED",
  "RESOURCE_EXHAUSTED",
  "FAILED_PRECONDITION",
  "ABORTED",
  "OUT_OF_RANGE",
  "UNIMPLEMENTED",
  "INTERNAL",
  "UNAVAILABLE",
  "DATA_LOSS",
  "UNAUTHENTICATED",
];

/** By gRPC code: [what happened, what to do]. */
const BY_CODE: Record<number, [string, string]> = {
  1: ["It was cancelled.", "Start it again if you still want it."],
  2: ["The emulator could not do it.", "Try again; if it fails again, the emulator's console output says more."],
  3: ["The emulator refused the input.", "Correct what the message names and try again."],
  4: ["It took too long.", "Try again, or with a longer timeout."],
  5: ["It is not there (any more).", "Reload: it may have been deleted, or it lives in another instance or org."],
  6: ["That exists already.", "Choose another name, or use the existing one."],
  7: ["The UI's admin may not do this here.", "Check the instance's memberships, or do it in another context."],
  8: ["That is more than the emulator takes at once.", "Make it smaller, or wait a moment and try again."],
  9: ["Not possible in the current state.", "Change what the message names first, then try again."],
  10: ["Another change came in between.", "Reload and try again."],
  11: ["A value is out of range.", "Correct it and try again."],
  12: ["The emulator does not implement this.", "See the README for what is there today."],
  13: ["The emulator failed inside.", "Try again; its console output says more. This is a bug worth reporting."],
  14: ["The emulator does not answer.", "Is it still running? Start it again, then reload this page."],
  15: ["Data was lost.", "Restore a snapshot or reset to the seed."],
  16: ["This browser is not signed in (any more).", "Open the ui link that svc-emulator start printed."],
};

export interface ErrorText {
  /** What happened, in words. */
  what: string;
  /** The emulator's own message (or the app's), when it is meant for a person. */
  message?: string;
  /** What to do about it. */
  todo?: string;
  /** The code or exception: a detail. */
  detail?: string;
}

/** Exceptions of the JavaScript runtime: a bug of the UI, not a message for its user. */
const BUGS = new Set(["TypeError", "ReferenceError", "RangeError", "SyntaxError", "EvalError", "URIError"]);

export function errorText(error: unknown): ErrorText {
  if (error instanceof ApiError) {
    const [what, todo] = BY_CODE[error.code] ?? ["The emulator refused it.", "Try again."];
    const name = CODE_NAMES[error.code] ?? "code";
    return { what, message: error.message, todo, detail: `${name} (${error.code})${error.status ? `, HTTP ${error.status}` : ""}` };
  }
  if (error instanceof Error && BUGS.has(error.name))
    return {
      what: "This screen hit a bug of the UI.",
      todo: "Reload the page; if it happens again, report it with the detail below.",
      detail: `${error.name}: ${error.message}`,
    };
  return { what: "It did not work.", message: error instanceof Error ? error.message : textOf(error) };
}

/** Any value as text; one without a usable toString (no prototype, or a throwing one) as its type tag. */
function textOf(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

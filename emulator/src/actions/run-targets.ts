// Running an execution's targets in order (wire-facts 1.9): async targets are fired without
// waiting and never interrupt; a failed target with interrupt_on_error stops the execution and its
// error goes to the caller; otherwise the next target runs. A rest_request_response target's JSON
// answer replaces the part it answers for (request or response), and later targets see it.

import type { Core } from "../domain/core.js";
import { callTarget } from "./call-target.js";
import type { Match } from "./matching.js";

/**
 * Runs the targets with a payload built around `value` (the request, the response, a function's
 * response); returns the value after rest_request_response targets' answers were applied (by
 * default an answer replaces it). Throws the SvcError of an interrupting failure.
 */
export async function runTargets(
  core: Core,
  instanceId: string,
  match: Match,
  value: unknown,
  payloadOf: (value: unknown) => unknown,
  apply: (current: unknown, answer: unknown) => unknown = (_current, answer) => answer,
): Promise<unknown> {
  let current = value;
  for (const target of match.targets) {
    const payload = payloadOf(current);
    if (target.isAsync) {
      void callTarget(core, instanceId, match.executionId, target, payload);
      continue;
    }
    const result = await callTarget(core, instanceId, match.executionId, target, payload);
    if (!result.ok) {
      if (target.interruptOnError) throw result.error!;
      continue;
    }
    if (target.targetType === "rest_request_response" && result.body !== undefined) current = apply(current, result.body);
  }
  return current;
}

// Calling one target (wire-facts 1.7, 1.9): HTTP POST of the JSON payload with Svc-Signature,
// within the target's timeout, redirects followed. 2xx is success unless the body forwards an error
// ({forwardedStatusCode, forwardedErrorMessage}); anything else, a timeout or a transport error is a
// failure. Every call is recorded.

import type { Core } from "../domain/core.js";
import type { TargetState } from "../domain/target/target.js";
import { Code, codeFromHttpStatus, SvcError } from "../kernel/errors.js";
import type { TargetCall } from "../records/target-calls.js";
import { recordCall } from "./calls.js";
import { SIGNATURE_HEADER, sign } from "./signature.js";

export interface CallResult {
  ok: boolean;
  /** The record of this call, as the control API shows it. */
  call: TargetCall;
  /** The parsed response body of a successful call, when it is JSON. */
  body?: unknown;
  /** The error to give the caller when the target interrupts the execution. */
  error?: SvcError;
}

export async function callTarget(core: Core, instanceId: string, executionId: string, target: TargetState, payload: unknown): Promise<CallResult> {
  const body = JSON.stringify(payload);
  const headers = { "content-type": "application/json", [SIGNATURE_HEADER]: sign(target.signingKey, body, Math.floor(core.clock.nowMs() / 1000)) };
  const started = performance.now();
  let status: number | null = null;
  let text: string | null = null;
  let result: Omit<CallResult, "call">;
  try {
    const res = await fetch(target.url, { method: "POST", headers, body, redirect: "follow", signal: AbortSignal.timeout(target.timeoutMs) });
    status = res.status;
    text = await res.text();
    if (status < 200 || status >= 300) {
      result = { ok: false, error: new SvcError(Code.FailedPrecondition, "EXEC-dra6yamk98", `Execution failed: target ${target.name} answered ${status}`) };
    } else {
      let parsed: unknown;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      const fwd = parsed as { forwardedStatusCode?: number; forwardedErrorMessage?: string } | undefined;
      if (fwd && typeof fwd === "object" && (fwd.forwardedStatusCode || fwd.forwardedErrorMessage)) {
        const status = Number(fwd.forwardedStatusCode) || 0;
        const code = status >= 400 && status < 500 ? (codeFromHttpStatus(status) ?? Code.InvalidArgument) : Code.FailedPrecondition;
        result = {
          ok: false,
          error: new SvcError(code, code === Code.FailedPrecondition ? "EXEC-bmhNhpcqpF" : "EXEC-reUaUZCzCp", fwd.forwardedErrorMessage ?? "Execution failed"),
        };
      } else if (target.targetType === "rest_request_response" && text && parsed === undefined) {
        result = { ok: false, error: new SvcError(Code.FailedPrecondition, "ACTION-4m9s2", `Execution failed: target ${target.name} answered no valid JSON`) };
      } else {
        result = { ok: true, body: parsed };
      }
    }
  } catch (e) {
    const timedOut = (e as Error).name === "TimeoutError";
    result = {
      ok: false,
      error: new SvcError(
        Code.FailedPrecondition,
        "EXEC-dra6yamk98",
        timedOut
          ? `Execution failed: target ${target.name} timed out after ${target.timeoutMs} ms`
          : `Execution failed: target ${target.name} could not be called: ${(e as Error).message}`,
      ),
    };
  }
  const call: TargetCall = {
    id: core.ids.next(),
    instanceId,
    executionId,
    targetId: target.id,
    url: target.url,
    payload,
    headers,
    status,
    response: text,
    durationMs: Math.round(performance.now() - started),
    error: result.ok ? null : (result.error?.text ?? null),
    createdAt: core.clock.now().toISOString(),
  };
  recordCall(core, call);
  return { ...result, call };
}

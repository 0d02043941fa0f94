// The record of every target call (issue 5 "Visible"), as the emulator sees it happen: a call is
// stored (records/target-calls.ts owns the rows) and then told to the emulator's `targetCall` signal
// (the SSE stream, the library handle's "targetCalled").

import type { Core } from "../domain/core.js";
import { addTargetCall, type TargetCall } from "../records/target-calls.js";

declare module "../domain/core.js" {
  interface CoreSignals {
    targetCall: TargetCall;
  }
}

/** Hears every call recorded by this core's emulator (and no other's); returns the function that stops it. */
export function onTargetCall(core: Core, listener: (call: TargetCall) => void): () => void {
  return core.signals.on("targetCall", listener);
}

export function recordCall(core: Core, call: TargetCall): void {
  try {
    addTargetCall(core.db, call);
  } catch {
    return; // an async call that ends after close or reset: nothing to record it in
  }
  core.signals.emit("targetCall", call);
}

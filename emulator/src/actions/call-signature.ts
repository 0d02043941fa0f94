// The delivery log's signature check (issue 13, Actions screen): does a recorded call's Svc-Signature
// header verify with its target's signing key over the exact body sent? Checked at the time the call
// was signed (its `t`), so an old call does not fail for its age. The key stays on the server.

import type { Core } from "../domain/core.js";
import { getTarget } from "../domain/target/queries.js";
import type { TargetCall } from "../records/target-calls.js";
import { SIGNATURE_HEADER, verify } from "./signature.js";

/** A call as the control API shows it: with `signatureValid`, null when its target no longer exists. */
export type CheckedCall = TargetCall & { signatureValid: boolean | null };

export function checkSignature(core: Core, call: TargetCall): CheckedCall {
  const target = getTarget(core.db, call.instanceId, call.targetId);
  if (!target) return { ...call, signatureValid: null };
  const header = call.headers[SIGNATURE_HEADER];
  const t = Number(/(?:^|,)t=(\d+)/.exec(header ?? "")?.[1]);
  // The body sent is JSON.stringify of the payload; the stored payload round-trips to the same text.
  return { ...call, signatureValid: Number.isFinite(t) && verify(header, target.signingKey, JSON.stringify(call.payload), t) };
}

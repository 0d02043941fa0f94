// A target as stored and projected: where an execution calls and how (spec "Target (SvcActions)").

export type TargetType = "rest_webhook" | "rest_request_response";

export interface TargetState {
  id: string;
  instanceId: string;
  name: string;
  targetType: TargetType;
  url: string;
  timeoutMs: number;
  isAsync: boolean;
  interruptOnError: boolean;
  signingKey: string;
  createdAt: string;
  changedAt: string;
  sequence: number;
}

/** The fields of a target that commands set; the payload of target.added and, partly, target.changed. */
export type TargetConfig = Pick<TargetState, "name" | "targetType" | "url" | "timeoutMs" | "isAsync" | "interruptOnError">;

/** The product's upper bound for a target's timeout (wire-facts 1.3: lte 270s). */
export const MAX_TIMEOUT_MS = 270_000;

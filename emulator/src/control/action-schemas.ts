// The control API's schemas of the actions runtime: recorded target calls, events fired at the
// executions and the built-in target sink; part of schemas.ts's API.

import { Type, type Static } from "@sinclair/typebox";
import { Id, Nullable, Time } from "./schema-parts.js";

// -- target calls -----------------------------------------------------------------------------

export const CallQuery = Type.Object(
  { instanceId: Type.Optional(Type.String()), targetId: Type.Optional(Type.String()), executionId: Type.Optional(Type.String()) },
  { additionalProperties: false },
);
export const TargetCall = Type.Object({
  id: Type.String(),
  instanceId: Type.String(),
  executionId: Type.String(),
  targetId: Type.String(),
  url: Type.String(),
  payload: Type.Unknown(),
  headers: Type.Record(Type.String(), Type.String()),
  status: Nullable(Type.Integer()),
  response: Nullable(Type.String()),
  durationMs: Type.Number(),
  error: Nullable(Type.String()),
  createdAt: Time,
  signatureValid: Nullable(
    Type.Boolean({ description: "whether Svc-Signature verifies with the target's key over the body sent; null when the target is gone" }),
  ),
});
export const CallList = Type.Object({ calls: Type.Array(TargetCall) });
/** A recorded call's id (no length rule: an unknown one, even empty, is NotFound). */
export const CallParams = Type.Object({ id: Type.String() });
export const CallReplayed = Type.Object({ call: TargetCall });
export const FireEventBody = Type.Object(
  {
    instanceId: Id,
    type: Type.String({ minLength: 1, pattern: "^[a-z0-9_]+(\\.[a-z0-9_]+)+$" }),
    aggregateType: Type.Optional(Id),
    aggregateId: Type.Optional(Id),
    resourceOwner: Type.Optional(Type.String()),
    creator: Type.Optional(Type.String()),
    payload: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);
/** `executionId`: the execution the event matched (null: none, and no calls). */
export const EventFired = Type.Object({ executionId: Nullable(Type.String()), calls: Type.Array(TargetCall) });

// -- target sink ------------------------------------------------------------------------------

export const SinkParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200, pattern: "^[A-Za-z0-9._-]+$" }) });
export const SinkConfigBody = Type.Object(
  { status: Type.Integer({ minimum: 200, maximum: 599 }), body: Type.Optional(Type.Unknown({ description: "answered as JSON; a string is answered as is" })) },
  { additionalProperties: false },
);
/** What the sink answers: `body` as the exact text sent. */
export const SinkConfig = Type.Object({ name: Type.String(), status: Type.Integer(), body: Type.String() });
export const SinkCall = Type.Object({
  id: Type.String(),
  name: Type.String(),
  headers: Type.Record(Type.String(), Type.String()),
  body: Type.String(),
  signatureValid: Type.Boolean(),
  createdAt: Time,
});
export const SinkCallList = Type.Object({ calls: Type.Array(SinkCall) });

export type TargetCall = Static<typeof TargetCall>;
export type FireEventBody = Static<typeof FireEventBody>;
export type EventFired = Static<typeof EventFired>;
export type SinkConfig = Static<typeof SinkConfig>;
export type SinkCall = Static<typeof SinkCall>;

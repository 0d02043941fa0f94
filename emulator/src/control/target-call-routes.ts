// Target calls in the control API (issue 5 "Visible"): the recorded calls, filtered; a live stream
// of them as server-sent events; replaying a recorded call; and firing an event at the event
// executions, answering with the calls it caused.

import type { FastifyInstance } from "fastify";
import { Type, type Static } from "@sinclair/typebox";
import { callTarget } from "../actions/call-target.js";
import { getCall, listCalls, onTargetCall, type TargetCall } from "../actions/calls.js";
import { deliverEvent, eventMatch } from "../actions/event-executions.js";
import { getInstance } from "../domain/instance/queries.js";
import { getTarget } from "../domain/target/queries.js";
import { Code } from "../kernel/errors.js";
import type { StoredEvent } from "../store/event-store.js";
import type { ControlContext } from "./control-context.js";
import { sendControlError } from "./control-error.js";

const CallQuery = Type.Object(
  { instance_id: Type.Optional(Type.String()), target_id: Type.Optional(Type.String()), execution_id: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

const FireEvent = Type.Object(
  {
    instance_id: Type.String({ minLength: 1 }),
    type: Type.String({ minLength: 1, pattern: "^[a-z0-9_]+(\\.[a-z0-9_]+)+$" }),
    aggregate_type: Type.Optional(Type.String({ minLength: 1 })),
    aggregate_id: Type.Optional(Type.String({ minLength: 1 })),
    resource_owner: Type.Optional(Type.String()),
    creator: Type.Optional(Type.String()),
    payload: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { additionalProperties: false },
);

export function registerTargetCallRoutes(app: FastifyInstance, ctx: ControlContext): void {
  app.get<{ Querystring: Static<typeof CallQuery> }>("/target-calls", { schema: { querystring: CallQuery } }, async (req) => ({
    calls: listCalls(ctx.core.db, { instanceId: req.query.instance_id, targetId: req.query.target_id, executionId: req.query.execution_id }),
  }));

  app.get<{ Querystring: Static<typeof CallQuery> }>("/target-calls/stream", { schema: { querystring: CallQuery } }, (req, reply) => {
    const q = req.query;
    reply.hijack();
    reply.raw.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    reply.raw.write(": target calls\n\n");
    const off = onTargetCall(ctx.core, (call) => {
      if ((q.instance_id && call.instanceId !== q.instance_id) || (q.target_id && call.targetId !== q.target_id) || (q.execution_id && call.executionId !== q.execution_id)) return;
      reply.raw.write(`event: call\nid: ${call.id}\ndata: ${JSON.stringify(call)}\n\n`);
    });
    req.raw.on("close", off);
  });

  app.post<{ Params: { id: string } }>("/target-calls/:id/_replay", async (req, reply) => {
    const call = getCall(ctx.core.db, req.params.id);
    if (!call) return sendControlError(reply, 404, Code.NotFound, `No target call ${JSON.stringify(req.params.id)}`);
    const target = getTarget(ctx.core.db, call.instanceId, call.targetId);
    if (!target) return sendControlError(reply, 404, Code.NotFound, `The target ${call.targetId} of this call no longer exists`);
    return { call: (await callTarget(ctx.core, call.instanceId, call.executionId, target, call.payload)).call };
  });

  app.post<{ Body: Static<typeof FireEvent> }>("/fire-event", { schema: { body: FireEvent } }, async (req, reply) => {
    const b = req.body;
    if (!getInstance(ctx.core.db, b.instance_id)) return sendControlError(reply, 404, Code.NotFound, `No instance ${JSON.stringify(b.instance_id)}`);
    // The event goes to the executions only: it is not appended to the log, so no state changes.
    const event: StoredEvent = {
      instanceId: b.instance_id,
      aggregateType: b.aggregate_type ?? b.type.split(".")[0]!,
      aggregateId: b.aggregate_id ?? ctx.core.ids.next(),
      type: b.type,
      payload: b.payload ?? {},
      creator: b.creator ?? "",
      resourceOwner: b.resource_owner ?? b.instance_id,
      position: 0,
      aggregateSequence: 1,
      createdAt: ctx.core.clock.now().toISOString(),
    };
    const match = eventMatch(ctx.core, event);
    if (!match) return { execution_id: null, calls: [] };
    const calls = await collectCalls(ctx, b.instance_id, () => deliverEvent(ctx.core, event, match), (c) => (c.payload as { aggregateID?: string }).aggregateID === event.aggregateId);
    return { execution_id: match.executionId, calls };
  });
}

/** The calls of `instanceId` that `also` picks, recorded while `run` runs (its synchronous targets), in order. */
async function collectCalls(ctx: ControlContext, instanceId: string, run: () => Promise<unknown>, also: (c: TargetCall) => boolean): Promise<TargetCall[]> {
  const calls: TargetCall[] = [];
  const off = onTargetCall(ctx.core, (c) => {
    if (c.instanceId === instanceId && also(c)) calls.push(c);
  });
  try {
    await run();
  } finally {
    off();
  }
  return calls;
}

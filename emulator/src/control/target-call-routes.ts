// Target calls in the control API (issue 5 "Visible"): the recorded calls, filtered; a live stream
// of them as server-sent events; replaying a recorded call; and firing an event at the event
// executions, answering with the calls it caused.

import { checkSignature } from "../actions/call-signature.js";
import { callTarget } from "../actions/call-target.js";
import { onTargetCall } from "../actions/calls.js";
import { deliverEvent, eventMatch } from "../actions/event-executions.js";
import { getInstance } from "../domain/instance/queries.js";
import { getTarget } from "../domain/target/queries.js";
import { Code } from "../kernel/errors.js";
import { getTargetCall, listTargetCalls, type TargetCall } from "../records/target-calls.js";
import type { StoredEvent } from "../store/event-store.js";
import type { ControlContext } from "./control-context.js";
import { sendControlError } from "./control-error.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";

export function registerTargetCallRoutes(app: ControlApp, ctx: ControlContext): void {
  route(app, "targetCalls", async (req) => ({
    calls: listTargetCalls(ctx.core.db, { instanceId: req.query.instanceId, targetId: req.query.targetId, executionId: req.query.executionId }).map((c) =>
      checkSignature(ctx.core, c),
    ),
  }));

  // Server-sent events, one `call` event per recorded call (data: a TargetCall as in schemas.ts).
  route(app, "targetCallStream", (req, reply) => {
    const q = req.query;
    reply.hijack();
    reply.raw.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    reply.raw.write(": target calls\n\n");
    const off = onTargetCall(ctx.core, (call) => {
      if (
        (q.instanceId && call.instanceId !== q.instanceId) ||
        (q.targetId && call.targetId !== q.targetId) ||
        (q.executionId && call.executionId !== q.executionId)
      )
        return;
      reply.raw.write(`event: call\nid: ${call.id}\ndata: ${JSON.stringify(checkSignature(ctx.core, call))}\n\n`);
    });
    req.raw.on("close", off);
  });

  route(app, "replayCall", async (req, reply) => {
    const call = getTargetCall(ctx.core.db, req.params.id);
    if (!call) return sendControlError(reply, 404, Code.NotFound, `No target call ${JSON.stringify(req.params.id)}`);
    const target = getTarget(ctx.core.db, call.instanceId, call.targetId);
    if (!target) return sendControlError(reply, 404, Code.NotFound, `The target ${call.targetId} of this call no longer exists`);
    return { call: checkSignature(ctx.core, (await callTarget(ctx.core, call.instanceId, call.executionId, target, call.payload)).call) };
  });

  route(app, "fireEvent", async (req, reply) => {
    const b = req.body;
    if (!getInstance(ctx.core.db, b.instanceId)) return sendControlError(reply, 404, Code.NotFound, `No instance ${JSON.stringify(b.instanceId)}`);
    // The event goes to the executions only: it is not appended to the log, so no state changes.
    const event: StoredEvent = {
      instanceId: b.instanceId,
      aggregateType: b.aggregateType ?? b.type.split(".")[0]!,
      aggregateId: b.aggregateId ?? ctx.core.ids.next(),
      type: b.type,
      payload: b.payload ?? {},
      creator: b.creator ?? "",
      resourceOwner: b.resourceOwner ?? b.instanceId,
      position: 0,
      aggregateSequence: 1,
      createdAt: ctx.core.clock.now().toISOString(),
    };
    const match = eventMatch(ctx.core, event);
    if (!match) return { executionId: null, calls: [] };
    const calls = await collectCalls(
      ctx,
      b.instanceId,
      () => deliverEvent(ctx.core, event, match),
      (c) => (c.payload as { aggregateID?: string }).aggregateID === event.aggregateId,
    );
    return { executionId: match.executionId, calls: calls.map((c) => checkSignature(ctx.core, c)) };
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

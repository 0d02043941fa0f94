// The event log: every event, filtered by instance, aggregate and type, paged by position; and the
// same filters on a live stream of server-sent events (one `event` per committed event).

import type { ControlContext } from "./control-context.js";
import { getInstance } from "../domain/instance/queries.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";

export function registerEventRoutes(app: ControlApp, ctx: ControlContext): void {
  route(app, "events", async (req) => {
    const q = req.query;
    const limit = q.limit ?? 100;
    // An instance's audit log retention (SvcInstances Limit) hides its older events.
    const retention = q.instanceId ? getInstance(ctx.core.db, q.instanceId)?.auditLogRetentionMs : undefined;
    const events = ctx.core.events.list({
      instanceId: q.instanceId,
      aggregateType: q.aggregateType,
      aggregateId: q.aggregateId,
      type: q.type,
      after: q.after,
      createdAfter: retention ? new Date(ctx.core.clock.nowMs() - retention).toISOString() : undefined,
      limit: limit + 1,
    });
    const page = events.slice(0, limit);
    return { events: page, nextAfter: events.length > limit ? page[page.length - 1]!.position : null };
  });

  // Only events committed after the stream opened: a client reads the past with GET /events first
  // (its last position tells where the stream takes over; `id:` carries each event's position).
  route(app, "eventStream", (req, reply) => {
    const q = req.query;
    reply.hijack();
    reply.raw.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    reply.raw.write(": events\n\n");
    const off = ctx.core.events.subscribe((events) => {
      for (const e of events) {
        if (
          (q.instanceId && e.instanceId !== q.instanceId) ||
          (q.aggregateType && e.aggregateType !== q.aggregateType) ||
          (q.aggregateId && e.aggregateId !== q.aggregateId) ||
          (q.type && e.type !== q.type)
        )
          continue;
        reply.raw.write(`event: event\nid: ${e.position}\ndata: ${JSON.stringify(e)}\n\n`);
      }
    });
    req.raw.on("close", off);
  });
}

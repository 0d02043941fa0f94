// The event log: every event, filtered by instance, aggregate and type, paged by position.

import type { ControlContext } from "./control-context.js";
import { getInstance } from "../domain/instance/queries.js";
import { EventPage, EventQuery } from "./schemas.js";
import type { ControlApp } from "./type-provider.js";

export function registerEventRoutes(app: ControlApp, ctx: ControlContext): void {
  app.get("/events", { schema: { querystring: EventQuery, response: { 200: EventPage } } }, async (req) => {
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
}

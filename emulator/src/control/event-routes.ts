// The event log: every event, filtered by instance, aggregate and type, paged by position.

import type { FastifyInstance } from "fastify";
import { Type, type Static } from "@sinclair/typebox";
import type { ControlContext } from "./control-context.js";
import { getInstance } from "../domain/instance/queries.js";

const EventQuery = Type.Object(
  {
    instance_id: Type.Optional(Type.String()),
    aggregate_type: Type.Optional(Type.String()),
    aggregate_id: Type.Optional(Type.String()),
    type: Type.Optional(Type.String()),
    after: Type.Optional(Type.Integer({ minimum: 0, description: "only events after this position" })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  },
  { additionalProperties: false },
);

export function registerEventRoutes(app: FastifyInstance, ctx: ControlContext): void {
  app.get<{ Querystring: Static<typeof EventQuery> }>("/events", { schema: { querystring: EventQuery } }, async (req) => {
    const q = req.query;
    const limit = q.limit ?? 100;
    // An instance's audit log retention (SvcInstances Limit) hides its older events.
    const retention = q.instance_id ? getInstance(ctx.core.db, q.instance_id)?.auditLogRetentionMs : undefined;
    const events = ctx.core.events.list({
      instanceId: q.instance_id,
      aggregateType: q.aggregate_type,
      aggregateId: q.aggregate_id,
      type: q.type,
      after: q.after,
      createdAfter: retention ? new Date(ctx.core.clock.nowMs() - retention).toISOString() : undefined,
      limit: limit + 1,
    });
    const page = events.slice(0, limit);
    return { events: page, next_after: events.length > limit ? page[page.length - 1]!.position : null };
  });
}

// The outbox in the control API: every email and text message the emulator sent, filtered by
// instance, channel and recipient; and emptying it.

import type { FastifyInstance } from "fastify";
import { Type, type Static } from "@sinclair/typebox";
import { clearMessages, listMessages } from "../notification/outbox.js";
import type { ControlContext } from "./control-context.js";

const OutboxQuery = Type.Object(
  {
    instance_id: Type.Optional(Type.String()),
    channel: Type.Optional(Type.Union([Type.Literal("email"), Type.Literal("sms")])),
    recipient: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export function registerOutboxRoutes(app: FastifyInstance, ctx: ControlContext): void {
  app.get<{ Querystring: Static<typeof OutboxQuery> }>("/outbox", { schema: { querystring: OutboxQuery } }, async (req) => ({
    messages: listMessages(ctx.core.db, { instanceId: req.query.instance_id, channel: req.query.channel, recipient: req.query.recipient }),
  }));
  app.delete("/outbox", async () => ({ deleted: clearMessages(ctx.core.db) }));
}

// The outbox in the control API: every email and text message the emulator sent, filtered by
// instance, channel and recipient; and emptying it.

import { clearMessages, listMessages } from "../records/outbox.js";
import type { ControlContext } from "./control-context.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";

export function registerOutboxRoutes(app: ControlApp, ctx: ControlContext): void {
  route(app, "outbox", async (req) => ({
    messages: listMessages(ctx.core.db, { instanceId: req.query.instanceId, channel: req.query.channel, recipient: req.query.recipient }),
  }));
  route(app, "clearOutbox", async () => ({ deleted: clearMessages(ctx.core.db) }));
}

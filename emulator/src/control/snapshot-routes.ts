// Named snapshots: save, list, restore, delete.

import { Code } from "../kernel/errors.js";
import { sendControlError } from "./control-error.js";
import type { ControlContext } from "./control-context.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";

export function registerSnapshotRoutes(app: ControlApp, ctx: ControlContext): void {
  route(app, "snapshots", async () => ({ snapshots: ctx.snapshots.list() }));
  route(app, "saveSnapshot", async (req, reply) => {
    const existed = ctx.snapshots.has(req.body.name);
    const info = ctx.snapshots.save(req.body.name);
    return reply.code(existed ? 200 : 201).send(info);
  });
  route(app, "restoreSnapshot", async (req, reply) => {
    if (!ctx.restore(req.params.name)) return sendControlError(reply, 404, Code.NotFound, `No snapshot named ${req.params.name}`);
    return { restored: req.params.name };
  });
  route(app, "deleteSnapshot", async (req, reply) => {
    if (!ctx.snapshots.delete(req.params.name)) return sendControlError(reply, 404, Code.NotFound, `No snapshot named ${req.params.name}`);
    return { deleted: req.params.name };
  });
}

// Named snapshots: save, list, restore, delete.

import { Code } from "../kernel/errors.js";
import { sendControlError } from "./control-error.js";
import type { ControlContext } from "./control-context.js";
import { ControlError, SaveSnapshotBody, SnapshotDeleted, SnapshotInfo, SnapshotList, SnapshotParams, SnapshotRestored } from "./schemas.js";
import type { ControlApp } from "./type-provider.js";

export function registerSnapshotRoutes(app: ControlApp, ctx: ControlContext): void {
  app.get("/snapshots", { schema: { response: { 200: SnapshotList } } }, async () => ({ snapshots: ctx.snapshots.list() }));
  app.post("/snapshots", { schema: { body: SaveSnapshotBody, response: { 200: SnapshotInfo, 201: SnapshotInfo } } }, async (req, reply) => {
    const existed = ctx.snapshots.has(req.body.name);
    const info = ctx.snapshots.save(req.body.name);
    return reply.code(existed ? 200 : 201).send(info);
  });
  app.post("/snapshots/:name/_restore", { schema: { params: SnapshotParams, response: { 200: SnapshotRestored, 404: ControlError } } }, async (req, reply) => {
    if (!ctx.restore(req.params.name)) return sendControlError(reply, 404, Code.NotFound, `No snapshot named ${req.params.name}`);
    return { restored: req.params.name };
  });
  app.delete("/snapshots/:name", { schema: { params: SnapshotParams, response: { 200: SnapshotDeleted, 404: ControlError } } }, async (req, reply) => {
    if (!ctx.snapshots.delete(req.params.name)) return sendControlError(reply, 404, Code.NotFound, `No snapshot named ${req.params.name}`);
    return { deleted: req.params.name };
  });
}

// Named snapshots: save, list, restore, delete.

import type { FastifyInstance } from "fastify";
import { Type, type Static } from "@sinclair/typebox";
import { Code } from "../kernel/errors.js";
import { SNAPSHOT_NAME } from "../store/snapshots.js";
import { sendControlError } from "./control-error.js";
import type { ControlContext } from "./control-context.js";

const SaveBody = Type.Object({ name: Type.String({ pattern: SNAPSHOT_NAME.source }) }, { additionalProperties: false });
const NameParams = Type.Object({ name: Type.String({ pattern: SNAPSHOT_NAME.source }) });

export function registerSnapshotRoutes(app: FastifyInstance, ctx: ControlContext): void {
  app.get("/snapshots", async () => ({ snapshots: ctx.snapshots.list() }));
  app.post<{ Body: Static<typeof SaveBody> }>("/snapshots", { schema: { body: SaveBody } }, async (req, reply) => {
    const existed = ctx.snapshots.has(req.body.name);
    const info = ctx.snapshots.save(req.body.name);
    return reply.code(existed ? 200 : 201).send(info);
  });
  app.post<{ Params: Static<typeof NameParams> }>("/snapshots/:name/_restore", { schema: { params: NameParams } }, async (req, reply) => {
    if (!ctx.restore(req.params.name)) return sendControlError(reply, 404, Code.NotFound, `No snapshot named ${req.params.name}`);
    return { restored: req.params.name };
  });
  app.delete<{ Params: Static<typeof NameParams> }>("/snapshots/:name", { schema: { params: NameParams } }, async (req, reply) => {
    if (!ctx.snapshots.delete(req.params.name)) return sendControlError(reply, 404, Code.NotFound, `No snapshot named ${req.params.name}`);
    return { deleted: req.params.name };
  });
}

// Instances as the control API sees them, and their feature flags.

import type { FastifyInstance } from "fastify";
import { Type, type Static } from "@sinclair/typebox";
import { Code } from "../server/errors.js";
import { getInstance, listInstances, setFeatures } from "../domain/instance/instance.js";
import { sendControlError } from "./control-error.js";
import type { ControlContext } from "./control-context.js";

const FeaturesBody = Type.Object(
  { multitenancy_resources_api: Type.Optional(Type.Boolean()), multitenancy_settings: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
const IdParams = Type.Object({ id: Type.String({ minLength: 1 }) });

export function registerInstanceRoutes(app: FastifyInstance, ctx: ControlContext): void {
  app.get("/instances", async () => ({ instances: listInstances(ctx.core.db) }));
  app.patch<{ Params: Static<typeof IdParams>; Body: Static<typeof FeaturesBody> }>(
    "/instances/:id/features",
    { schema: { params: IdParams, body: FeaturesBody } },
    async (req, reply) => {
      if (!getInstance(ctx.core.db, req.params.id)) return sendControlError(reply, 404, Code.NotFound, `No instance ${req.params.id}`);
      setFeatures(ctx.core, req.params.id, req.body, "EMULATOR-CONSOLE");
      return getInstance(ctx.core.db, req.params.id)!.features;
    },
  );
}

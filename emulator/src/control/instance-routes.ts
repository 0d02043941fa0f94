// Instances as the control API sees them, and their feature flags.

import type { FastifyInstance } from "fastify";
import { Type, type Static } from "@sinclair/typebox";
import { Code } from "../kernel/errors.js";
import { setFeatures } from "../domain/instance/commands.js";
import { getInstance, listInstances } from "../domain/instance/queries.js";
import { sendControlError } from "./control-error.js";
import type { ControlContext } from "./control-context.js";

const FeaturesBody = Type.Object(
  {
    multitenancy_resources_api: Type.Optional(Type.Boolean()),
    multitenancy_settings: Type.Optional(Type.Boolean()),
    oidc_token_exchange: Type.Optional(Type.Boolean({ description: "the token exchange grant (RFC 8693)" })),
    impersonation: Type.Optional(Type.Boolean({ description: "token exchange may impersonate (actor tokens, user_id and jwt subjects)" })),
  },
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
      setFeatures(ctx.core, { instanceId: req.params.id, userId: "EMULATOR-CONSOLE", origin: "control" }, req.params.id, req.body);
      return getInstance(ctx.core.db, req.params.id)!.features;
    },
  );
  app.get<{ Params: Static<typeof IdParams> }>("/instances/:id/keys", { schema: { params: IdParams } }, async (req, reply) => {
    if (!getInstance(ctx.core.db, req.params.id)) return sendControlError(reply, 404, Code.NotFound, `No instance ${req.params.id}`);
    return { keys: ctx.keys.published(req.params.id) };
  });
  app.post<{ Params: Static<typeof IdParams> }>("/instances/:id/keys/_rotate", { schema: { params: IdParams } }, async (req, reply) => {
    if (!getInstance(ctx.core.db, req.params.id)) return sendControlError(reply, 404, Code.NotFound, `No instance ${req.params.id}`);
    const key = ctx.keys.rotate(req.params.id);
    return { kid: key.kid, keys: ctx.keys.published(req.params.id) };
  });
}

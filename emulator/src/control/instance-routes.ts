// Instances as the control API sees them, and their feature flags. The flags are named in lowerCamel
// here and snake_case in the domain (as the rpc table and fixture files name them): mapped below.

import { Code } from "../kernel/errors.js";
import { setFeatures } from "../domain/instance/commands.js";
import type { Features as DomainFeatures, Instance as DomainInstance } from "../domain/instance/instance.js";
import { getInstance, listInstances } from "../domain/instance/queries.js";
import { sendControlError } from "./control-error.js";
import type { ControlContext } from "./control-context.js";
import type { FeaturesPatch, Instance, Features } from "./schemas.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";
import type { Static } from "@sinclair/typebox";

const FLAG_NAMES = [
  ["multitenancyResourcesApi", "multitenancy_resources_api"],
  ["multitenancySettings", "multitenancy_settings"],
  ["oidcTokenExchange", "oidc_token_exchange"],
  ["impersonation", "impersonation"],
] as const satisfies readonly (readonly [keyof Static<typeof Features>, keyof DomainFeatures])[];

function featuresOut(f: DomainFeatures): Static<typeof Features> {
  return Object.fromEntries(FLAG_NAMES.map(([api, domain]) => [api, f[domain]])) as Static<typeof Features>;
}

function featuresIn(f: Static<typeof FeaturesPatch>): Partial<DomainFeatures> {
  return Object.fromEntries(FLAG_NAMES.filter(([api]) => f[api] !== undefined).map(([api, domain]) => [domain, f[api]]));
}

export const instanceOut = (i: DomainInstance): Static<typeof Instance> => ({ ...i, features: featuresOut(i.features) });

export function registerInstanceRoutes(app: ControlApp, ctx: ControlContext): void {
  route(app, "instances", async () => ({ instances: listInstances(ctx.core.db).map(instanceOut) }));
  route(app, "setFeatures", async (req, reply) => {
    if (!getInstance(ctx.core.db, req.params.id)) return sendControlError(reply, 404, Code.NotFound, `No instance ${req.params.id}`);
    setFeatures(ctx.core, { instanceId: req.params.id, userId: "EMULATOR-CONSOLE", origin: "control" }, req.params.id, featuresIn(req.body));
    return featuresOut(getInstance(ctx.core.db, req.params.id)!.features);
  });
  route(app, "keys", async (req, reply) => {
    if (!getInstance(ctx.core.db, req.params.id)) return sendControlError(reply, 404, Code.NotFound, `No instance ${req.params.id}`);
    return { keys: ctx.keys.published(req.params.id) };
  });
  route(app, "rotateKeys", async (req, reply) => {
    if (!getInstance(ctx.core.db, req.params.id)) return sendControlError(reply, 404, Code.NotFound, `No instance ${req.params.id}`);
    const key = ctx.keys.rotate(req.params.id);
    return { kid: key.kid, keys: ctx.keys.published(req.params.id) };
  });
}

// Faults in the control API (issue 29): define one (`POST /faults`, refused with 400 naming the
// field, nothing stored), list them (`GET /faults?instanceId=`), read one, remove one, remove all.

import { namedOrDefaultInstance } from "../domain/instance/queries.js";
import { negativeOf } from "../faults/negative-testing.js";
import { Code } from "../kernel/errors.js";
import type { ControlContext } from "./control-context.js";
import { sendControlError } from "./control-error.js";
import { FaultDefinitionError, type FaultNames, readFaultDefinition } from "./fault-definition.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";

/** The names a definition may use, for the control API and the handle. */
export async function faultNames(ctx: Pick<ControlContext, "core" | "rpcNames">): Promise<FaultNames> {
  const { methods, services } = await ctx.rpcNames();
  return { methods: new Set(methods), services: new Set(services), instance: (id) => namedOrDefaultInstance(ctx.core.db, id)?.id };
}

export function registerFaultRoutes(app: ControlApp, ctx: ControlContext): void {
  const { faults } = negativeOf(ctx.core);

  route(app, "addFault", async (req, reply) => {
    try {
      const fault = faults.add(readFaultDefinition(req.body, await faultNames(ctx)));
      return reply.code(201).send({ fault });
    } catch (e) {
      if (!(e instanceof FaultDefinitionError)) throw e;
      return reply.code(400).send({ code: Code.InvalidArgument, message: e.message, field: e.field });
    }
  });

  route(app, "faults", async (req) => ({
    faults: faults.list(req.query.instanceId),
  }));

  route(app, "fault", async (req, reply) => {
    const fault = faults.get(req.params.id);
    return fault ?? sendControlError(reply, 404, Code.NotFound, `No fault ${JSON.stringify(req.params.id)}`);
  });

  route(app, "removeFault", async (req, reply) => {
    if (!faults.remove(req.params.id)) return sendControlError(reply, 404, Code.NotFound, `No fault ${JSON.stringify(req.params.id)}`);
    return { removed: 1 };
  });

  route(app, "removeFaults", async (req) => ({
    removed: faults.clear(req.query.instanceId),
  }));
}

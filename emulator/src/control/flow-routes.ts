// POST /flows: the flow runner (flows/flow-runner.ts) on the control API.

import { httpStatusFromCode } from "../kernel/errors.js";
import { sendControlError } from "./control-error.js";
import type { ControlContext } from "./control-context.js";
import { FlowInputError, runFlow } from "./flows/flow-runner.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";
import { listenerPort } from "./instance-origin.js";

export function registerFlowRoutes(app: ControlApp, ctx: ControlContext): void {
  route(app, "runFlow", async (req, reply) => {
    try {
      return await runFlow(ctx.core, listenerPort(ctx.runtime().url), req.body);
    } catch (e) {
      if (!(e instanceof FlowInputError)) throw e;
      return sendControlError(reply, httpStatusFromCode(e.code), e.code, e.message);
    }
  });
}

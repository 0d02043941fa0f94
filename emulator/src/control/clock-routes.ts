// The emulator clock: read, freeze (now or at a time), advance by a duration, resume.

import { Code } from "../kernel/errors.js";
import { parseDuration } from "../kernel/duration.js";
import { sendControlError } from "./control-error.js";
import type { ControlContext } from "./control-context.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";

export function registerClockRoutes(app: ControlApp, ctx: ControlContext): void {
  const clock = ctx.core.clock;
  route(app, "clock", async () => clock.state());
  // The body is optional (freeze now): a POST without one is validated as {}.
  const noBodyIsEmpty = async (req: { body: unknown }) => void (req.body ??= {});
  route(
    app,
    "freezeClock",
    async (req) => {
      clock.freeze(req.body?.at ? Date.parse(req.body.at) : undefined);
      return clock.state();
    },
    noBodyIsEmpty,
  );
  route(app, "advanceClock", async (req, reply) => {
    const ms = parseDuration(req.body.by);
    if (ms === undefined)
      return sendControlError(reply, 400, Code.InvalidArgument, `"by" must be a duration like "90s", "15m" or "1h30m", not ${JSON.stringify(req.body.by)}`);
    if (!clock.canAdvance(ms))
      return sendControlError(reply, 400, Code.InvalidArgument, `"by" ${JSON.stringify(req.body.by)} moves the clock past the latest time it can represent`);
    clock.advance(ms);
    return clock.state();
  });
  route(app, "realClock", async () => {
    clock.reset();
    return clock.state();
  });
  route(app, "resumeClock", async () => {
    clock.resume();
    return clock.state();
  });
}

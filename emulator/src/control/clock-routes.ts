// The emulator clock: read, freeze (now or at a time), advance by a duration, resume.

import type { FastifyInstance } from "fastify";
import { Type, type Static } from "@sinclair/typebox";
import { Code } from "../kernel/errors.js";
import { sendControlError } from "./control-error.js";
import type { ControlContext } from "./control-context.js";

const FreezeBody = Type.Object({ at: Type.Optional(Type.String({ format: "date-time" })) }, { additionalProperties: false });
const AdvanceBody = Type.Object({ by: Type.String({ description: 'a duration like "90s", "15m", "1h30m" or "1.5s"' }) }, { additionalProperties: false });

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "1h30m", "90s", "1.5s", "250ms" -> milliseconds; undefined when not a duration. */
export function parseDuration(text: string): number | undefined {
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/gy;
  let total = 0;
  let matched = 0;
  for (const m of text.matchAll(re)) {
    total += Number(m[1]) * UNIT_MS[m[2]!]!;
    matched += m[0].length;
  }
  return matched === text.length && matched > 0 ? total : undefined;
}

export function registerClockRoutes(app: FastifyInstance, ctx: ControlContext): void {
  const clock = ctx.core.clock;
  app.get("/clock", async () => clock.state());
  // The body is optional (freeze now): a POST without one is validated as {}.
  const noBodyIsEmpty = async (req: { body: unknown }) => void (req.body ??= {});
  app.post<{ Body: Static<typeof FreezeBody> }>("/clock/_freeze", { schema: { body: FreezeBody }, preValidation: noBodyIsEmpty }, async (req) => {
    clock.freeze(req.body?.at ? Date.parse(req.body.at) : undefined);
    return clock.state();
  });
  app.post<{ Body: Static<typeof AdvanceBody> }>("/clock/_advance", { schema: { body: AdvanceBody } }, async (req, reply) => {
    const ms = parseDuration(req.body.by);
    if (ms === undefined) return sendControlError(reply, 400, Code.InvalidArgument, `"by" must be a duration like "90s", "15m" or "1h30m", not ${JSON.stringify(req.body.by)}`);
    // Past the last instant a Date can hold, every timestamp the emulator writes would throw.
    if (Number.isNaN(new Date(clock.nowMs() + ms).getTime())) return sendControlError(reply, 400, Code.InvalidArgument, `"by" ${JSON.stringify(req.body.by)} moves the clock past the latest time it can represent`);
    clock.advance(ms);
    return clock.state();
  });
  app.post("/clock/_reset", async () => {
    clock.reset();
    return clock.state();
  });
  app.post("/clock/_resume", async () => {
    clock.resume();
    return clock.state();
  });
}

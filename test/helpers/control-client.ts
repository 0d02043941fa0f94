// The control API's generated client (renderer/src/api/control.gen.ts, the renderer's own) for tests: over
// fetch with an emulator's base URL and console token, each call answering the wire like `control(emu)`
// (helpers/emulator.ts) with `body` typed as the route's 2xx answer and `error` as its refusal, both the
// same parsed JSON, so tests read answers without casts.

import type { Emulator } from "../../emulator/src/index.js";
import type { AnswerOf, ErrorOf } from "../../emulator/src/control/route-types.js";
import { CONTROL_PREFIX, controlClient, type Wrap } from "../../renderer/src/api/control.gen.js";
import { request } from "./emulator.js";

export { controlPaths } from "../../renderer/src/api/control.gen.js";

/** A control answer as it came: status, headers, text, and its JSON typed as the route declares it. */
export interface ControlAnswer<A, E> {
  status: number;
  headers: Headers;
  /** The JSON as the route's 2xx answer: read it after asserting the status. */
  body: A;
  /** The same JSON as the route's refusal ({code, message} and what the route adds). */
  error: E;
  text: string;
}

interface Wire extends Wrap {
  readonly result: ControlAnswer<AnswerOf<this["id"]>, ErrorOf<this["id"]>>;
}

/** The control API of `emu`, authorized with its console token (or `token`; "" sends none). */
export function controlApi(emu: Pick<Emulator, "url" | "consoleToken">, token: string = emu.consoleToken) {
  return controlClient<Wire>(async (req) => {
    const answer = await request(`${emu.url}${CONTROL_PREFIX}${req.path}`, { method: req.method, token, json: req.body, signal: req.signal });
    return { ...answer, error: answer.body };
  });
}

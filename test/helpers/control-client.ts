// The control API's generated client (renderer/src/api/control.gen.ts, the renderer's own) for tests: over
// fetch with an emulator's base URL and console token, each call answering the wire like `control(emu)`
// (helpers/emulator.ts) with `body` typed as the route's 2xx answer and `error` as its refusal, both the
// same parsed JSON, so tests read answers without casts.

import type { Emulator } from "../../emulator/src/index.js";
import type { AnswerOf, ErrorOf } from "../../emulator/src/control/route-types.js";
import type { ControlError } from "../../emulator/src/control/schemas.js";
import { CONTROL_ROUTES, type ControlRouteId } from "../../emulator/src/control/routes.js";
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

/**
 * A request below the prefix written by hand, for what the typed client does not send (a body that breaks
 * the schema, snake_case names, a raw query): the answer as `controlApi`'s, `error` read as {code, message}.
 * `.as(id, path, init)` sends it to the contract's route `id` (it throws unless method and path are that
 * route's) and types the answer as that route's.
 */
export function rawControl(emu: Pick<Emulator, "url" | "consoleToken">, token: string = emu.consoleToken) {
  const send = async (path: string, init: RequestInit & { json?: unknown } = {}): Promise<ControlAnswer<unknown, ControlError>> => {
    const answer = await request(`${emu.url}${CONTROL_PREFIX}${path}`, { token, ...init });
    return { ...answer, error: answer.body as ControlError };
  };
  const as = async <Id extends ControlRouteId>(id: Id, path: string, init: RequestInit & { json?: unknown } = {}) => {
    const route: { method: string; url: string } = CONTROL_ROUTES[id];
    const pattern = new RegExp(`^${route.url.replace(/:\w+/g, "[^/?]+").replace(/\*$/, ".+")}(\\?.*)?$`);
    if ((init.method ?? "GET") !== route.method || !pattern.test(path)) throw new Error(`${init.method ?? "GET"} ${path} is not the route ${id}`);
    return (await send(path, init)) as ControlAnswer<AnswerOf<Id>, ErrorOf<Id>>;
  };
  return Object.assign(send, { as });
}

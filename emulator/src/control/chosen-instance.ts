// The instance a control request acts on: the one its optional `instanceId` (query or body) names, or
// the default instance when it names none. Every control route that finds a resource by id finds it in
// this instance (ids given by a fixture or an import repeat across instances: docs/behaviour.md).

import type { FastifyReply } from "fastify";
import type { Instance } from "../domain/instance/instance.js";
import { namedOrDefaultInstance } from "../domain/instance/queries.js";
import { Code } from "../kernel/errors.js";
import type { ControlContext } from "./control-context.js";
import { sendControlError } from "./control-error.js";

/**
 * The chosen instance; when the named one does not exist, undefined after answering 404
 * `{code: 5, message: "No instance <id>"}` (the caller then returns the reply).
 */
export function chosenInstance(ctx: Pick<ControlContext, "core">, reply: FastifyReply, instanceId: string | undefined): Instance | undefined {
  const instance = namedOrDefaultInstance(ctx.core.db, instanceId);
  if (!instance) sendControlError(reply, 404, Code.NotFound, `No instance ${instanceId}`);
  return instance;
}

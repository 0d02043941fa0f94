// Users on the console: lock / unlock / deactivate / reactivate, and metadata (list, set, remove).
// The resource API has no rpc for these; the UI's users screen and scripts use these routes. The user
// is found in the instance `?instanceId=` names, the default one without it (chosen-instance.ts).

import { Code, SvcError } from "../kernel/errors.js";
import type { Actor } from "../domain/core.js";
import { changeUserState, removeUserMetadata, setUserMetadata } from "../domain/user/commands.js";
import { getUser } from "../domain/user/queries.js";
import { type User, type UserStateChange, userState } from "../domain/user/user.js";
import { chosenInstance } from "./chosen-instance.js";
import { sendControlError } from "./control-error.js";
import type { ControlContext } from "./control-context.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";
import type { FastifyReply } from "fastify";

const consoleIn = (instanceId: string): Actor => ({ instanceId, userId: "EMULATOR-CONSOLE", origin: "control" });
const metadataOf = (u: User) =>
  Object.entries((u.data.metadata as Record<string, string> | undefined) ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => ({ key, value }));

export function registerUserRoutes(app: ControlApp, ctx: ControlContext): void {
  const { core } = ctx;
  /**
   * Runs `work` on the user of the chosen instance, answering 404 for an unknown instance or a user id
   * the instance does not hold, and a domain refusal as {code, message}.
   */
  const withUser = <T>(reply: FastifyReply, instanceId: string | undefined, id: string, work: (u: User) => T): T | FastifyReply => {
    const instance = chosenInstance(ctx, reply, instanceId);
    if (!instance) return reply;
    const user = getUser(core.db, instance.id, id);
    if (!user) return sendControlError(reply, 404, Code.NotFound, "No such user");
    try {
      return work(user);
    } catch (e) {
      if (!(e instanceof SvcError)) throw e;
      return sendControlError(reply, e.httpStatus, e.code, e.text);
    }
  };

  route(app, "changeUserState", async (req, reply) =>
    withUser(reply, req.query.instanceId, req.params.id, (u) => {
      changeUserState(core, consoleIn(u.instanceId), u.id, req.params.change.slice(1) as UserStateChange);
      return { id: u.id, state: userState(getUser(core.db, u.instanceId, u.id)!) };
    }),
  );

  route(app, "userMetadata", async (req, reply) => withUser(reply, req.query.instanceId, req.params.id, (u) => ({ metadata: metadataOf(u) })));

  route(app, "setUserMetadata", async (req, reply) =>
    withUser(reply, req.query.instanceId, req.params.id, (u) => {
      setUserMetadata(core, consoleIn(u.instanceId), u.id, req.params.key, req.body.value);
      return { metadata: metadataOf(getUser(core.db, u.instanceId, u.id)!) };
    }),
  );

  route(app, "removeUserMetadata", async (req, reply) =>
    withUser(reply, req.query.instanceId, req.params.id, (u) => {
      removeUserMetadata(core, consoleIn(u.instanceId), u.id, req.params.key);
      return { metadata: metadataOf(getUser(core.db, u.instanceId, u.id)!) };
    }),
  );
}

// Instances made, seeded, reset and snapshotted one by one (issue 26, docs/behaviour.md "Instances
// seeded per test worker"): `POST instances`, `instances/{id}/_seed`, `_reset` and `snapshots`. The
// work is the emulator's InstanceSeeding (fixtures/instance-seeds.ts); refusals are {code, message}.

import type { FastifyReply } from "fastify";
import { SvcError } from "../kernel/errors.js";
import { sendControlError } from "./control-error.js";
import type { ControlContext, SeededInstanceFacts } from "./control-context.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";

export function registerInstanceSeedRoutes(app: ControlApp, ctx: ControlContext): void {
  const seeds = ctx.instanceSeeds;
  /** The instance as the contract answers it: with its issuer (its first domain on the emulator's port). */
  const answer = (i: SeededInstanceFacts) => ({ ...i, issuer: `http://${i.domains[0]}:${new URL(ctx.runtime().url).port}` });
  /** Runs `work`, answering a domain refusal as {code, message} with its HTTP status. */
  const refused = async <T>(reply: FastifyReply, work: () => T | Promise<T>): Promise<T | FastifyReply> => {
    try {
      return await work();
    } catch (e) {
      if (!(e instanceof SvcError)) throw e;
      return sendControlError(reply, e.httpStatus, e.code, e.text);
    }
  };

  // A seed may be a whole org export: bodies up to the admin rpcs' limit, like the import routes.
  route(app, "createInstance", async (req, reply) => refused(reply, async () => reply.code(201).send(answer(await seeds.create(req.body)))));
  route(app, "seedInstance", async (req, reply) => refused(reply, async () => answer(await seeds.seed(req.params.id, req.body))));
  route(app, "resetInstance", async (req, reply) =>
    refused(reply, () => {
      seeds.reset(req.params.id);
      return { reset: true as const };
    }),
  );
  route(app, "instanceSnapshots", async (req, reply) => refused(reply, () => ({ snapshots: seeds.listSnapshots(req.params.id) })));
  route(app, "saveInstanceSnapshot", async (req, reply) =>
    refused(reply, () => {
      const { info, replaced } = seeds.snapshot(req.params.id, req.body.name);
      return reply.code(replaced ? 200 : 201).send(info);
    }),
  );
  route(app, "restoreInstanceSnapshot", async (req, reply) =>
    refused(reply, () => {
      seeds.restore(req.params.id, req.params.name);
      return { restored: req.params.name };
    }),
  );
  route(app, "deleteInstanceSnapshot", async (req, reply) =>
    refused(reply, () => {
      seeds.deleteSnapshot(req.params.id, req.params.name);
      return { deleted: req.params.name };
    }),
  );
}

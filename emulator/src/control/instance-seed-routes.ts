// Instances made, seeded, reset and snapshotted one by one (issue 26, docs/behaviour.md "Instances
// seeded per test worker"): `POST instances`, `instances/{id}/_seed`, `_reset` and `snapshots`. The
// work is the emulator's InstanceSeeding (fixtures/instance-seeds.ts); refusals are {code, message}.

import type { FastifyReply } from "fastify";
import { ORG_DOCUMENT_BODY_LIMIT } from "../kernel/body-limit.js";
import { SvcError } from "../kernel/errors.js";
import { sendControlError } from "./control-error.js";
import type { ControlContext, SeededInstanceFacts } from "./control-context.js";
import { InstanceSnapshotParams, NewInstanceBody, Seed, SeededInstance } from "./instance-seed-schemas.js";
import { ControlError, IdParams, ResetDone, SaveSnapshotBody, SnapshotDeleted, SnapshotInfo, SnapshotList, SnapshotRestored } from "./schemas.js";
import type { ControlApp } from "./type-provider.js";

const errors = { 400: ControlError, 404: ControlError, 409: ControlError };

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
  app.post(
    "/instances",
    { bodyLimit: ORG_DOCUMENT_BODY_LIMIT, schema: { body: NewInstanceBody, response: { 201: SeededInstance, ...errors } } },
    async (req, reply) => refused(reply, async () => reply.code(201).send(answer(await seeds.create(req.body)))),
  );
  app.post(
    "/instances/:id/_seed",
    { bodyLimit: ORG_DOCUMENT_BODY_LIMIT, schema: { params: IdParams, body: Seed, response: { 200: SeededInstance, ...errors } } },
    async (req, reply) => refused(reply, async () => answer(await seeds.seed(req.params.id, req.body))),
  );
  app.post("/instances/:id/_reset", { schema: { params: IdParams, response: { 200: ResetDone, ...errors } } }, async (req, reply) =>
    refused(reply, () => {
      seeds.reset(req.params.id);
      return { reset: true as const };
    }),
  );
  app.get("/instances/:id/snapshots", { schema: { params: IdParams, response: { 200: SnapshotList, ...errors } } }, async (req, reply) =>
    refused(reply, () => ({ snapshots: seeds.listSnapshots(req.params.id) })),
  );
  app.post(
    "/instances/:id/snapshots",
    { schema: { params: IdParams, body: SaveSnapshotBody, response: { 200: SnapshotInfo, 201: SnapshotInfo, ...errors } } },
    async (req, reply) =>
      refused(reply, () => {
        const { info, replaced } = seeds.snapshot(req.params.id, req.body.name);
        return reply.code(replaced ? 200 : 201).send(info);
      }),
  );
  app.post(
    "/instances/:id/snapshots/:name/_restore",
    { schema: { params: InstanceSnapshotParams, response: { 200: SnapshotRestored, ...errors } } },
    async (req, reply) =>
      refused(reply, () => {
        seeds.restore(req.params.id, req.params.name);
        return { restored: req.params.name };
      }),
  );
  app.delete(
    "/instances/:id/snapshots/:name",
    { schema: { params: InstanceSnapshotParams, response: { 200: SnapshotDeleted, ...errors } } },
    async (req, reply) =>
      refused(reply, () => {
        seeds.deleteSnapshot(req.params.id, req.params.name);
        return { deleted: req.params.name };
      }),
  );
}

// Import and export jobs on the control API (issue 12): POST /jobs starts one and answers its id;
// GET /jobs lists them, newest first, without their reports (issue 24); GET /jobs/{id} shows its
// state, counters per kind and final report; GET /jobs/{id}/events streams them as server-sent
// events; POST /jobs/{id}/_cancel stops it. The registry: jobs.ts. What cancel means:
// docs/behaviour.md "Org diff and jobs".

import { type OrgRead, readOrg } from "../migration/read-org.js";
import { Code } from "../kernel/errors.js";
import type { ControlContext } from "./control-context.js";
import { sendControlError } from "./control-error.js";
import { chosenInstance } from "./chosen-instance.js";
import { importActor, importEngine } from "./import-routes.js";
import { type JobRun, jobsOf } from "./jobs.js";
import type { JobBody } from "./schemas.js";
import { route } from "./register-route.js";
import type { ControlApp } from "./type-provider.js";

type ExportOptions = Extract<JobBody, { kind: "export" }>;

/** The export's mapping, with the admin API's descriptors: loaded on the first export, not at start (api/api-loader.ts). */
async function loadExport() {
  const [json, document] = await Promise.all([import("../migration/export-json.js"), import("../migration/export-document.js")]);
  return { ...json, exportScope: document.exportScope };
}
type ExportModule = Awaited<ReturnType<typeof loadExport>>;

/**
 * The export, org by org, yielding to the event loop between orgs (where cancel takes effect). Each
 * org is one synchronous read; a write between two orgs may land in between (the rpc reads all at once).
 */
async function exportJob(ctx: ControlContext, instanceId: string, body: ExportOptions, run: JobRun, exporter: ExportModule): Promise<unknown> {
  const { dataOrgJson, exportedOrgIds, exportScope } = exporter;
  const ids = exportedOrgIds(ctx.core, instanceId, body.orgIds, body.excludedOrgIds);
  const reads: OrgRead[] = [];
  run.progress("org", 0, ids.length);
  for (const [i, id] of ids.entries()) {
    await run.checkpoint();
    const read = readOrg(ctx.core, instanceId, id, { withPasswords: body.withPasswords });
    if (read) reads.push(read); // an org removed since the job started is left out
    run.progress("org", i + 1, ids.length);
  }
  const scope = exportScope(reads);
  return { orgs: reads.map((r) => dataOrgJson(r, scope)) };
}

export function registerJobRoutes(app: ControlApp, ctx: ControlContext): void {
  const jobs = jobsOf(ctx.core);

  route(app, "startJob", async (req, reply) => {
    const body = req.body;
    const instanceId = chosenInstance(ctx, reply, body.instanceId)?.id;
    if (!instanceId) return reply;
    const exporter = body.kind === "export" ? await loadExport() : undefined;
    const engine = body.kind === "import" ? await importEngine() : undefined;
    const view =
      body.kind === "export"
        ? jobs.start("export", instanceId, (run) => exportJob(ctx, instanceId, body, run, exporter!))
        : jobs.start("import", instanceId, async (run) => {
            // One synchronous transaction: the counters reach the job (and its SSE clients) as items
            // are processed, but nothing can stop it once it began.
            return engine!.importOrgs(ctx.core, importActor(instanceId), body.document, {
              dryRun: body.dryRun,
              bestEffort: body.bestEffort,
              onProgress: run.progress,
            });
          });
    return reply.code(202).send({ id: view.id });
  });

  route(app, "jobs", async (req) => ({
    jobs: jobs.list({ instanceId: req.query.instanceId, states: req.query.state }),
  }));

  route(app, "job", async (req, reply) => {
    return jobs.get(req.params.id) ?? sendControlError(reply, 404, Code.NotFound, `No job ${JSON.stringify(req.params.id)}`);
  });

  // Server-sent events: every event so far, then the rest as it happens; the stream ends after the final one.
  route(app, "jobEvents", async (req, reply) => {
    let end = () => {};
    const watched = jobs.watch(req.params.id, (e) => {
      reply.raw.write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
      if (e.event !== "progress") end();
    });
    if (!watched) return sendControlError(reply, 404, Code.NotFound, `No job ${JSON.stringify(req.params.id)}`);
    reply.hijack();
    reply.raw.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    end = () => {
      watched.off();
      reply.raw.end();
    };
    req.raw.on("close", watched.off);
    for (const e of watched.past) {
      reply.raw.write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
      if (e.event !== "progress") return end();
    }
  });

  route(app, "cancelJob", async (req, reply) => {
    const job = jobs.get(req.params.id);
    if (!job) return sendControlError(reply, 404, Code.NotFound, `No job ${JSON.stringify(req.params.id)}`);
    if (job.state !== "queued" && job.state !== "running")
      return sendControlError(reply, 409, Code.FailedPrecondition, `The job ${job.id} has already ended (${job.state})`);
    return jobs.cancel(job.id)!;
  });
}

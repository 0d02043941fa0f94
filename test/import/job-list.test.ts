// GET /emulator/v1/jobs (issue 24, item 4): every kept import and export job, newest first, with its
// kind, instance, state and counters but not its report; narrowed by instance and state; a job started
// by another client (the CLI) is found there.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Value } from "@sinclair/typebox/value";
import * as S from "../../emulator/src/control/schemas.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";
import { internals } from "../../emulator/src/internal.js";
import { createOrg } from "../../emulator/src/domain/org/commands.js";
import { listInstances } from "../../emulator/src/domain/instance/queries.js";

const emu = await startTestEmulator();
const ctl = rawControl(emu);
const control = controlApi(emu);
const core = internals(emu).core;
const instanceId = listInstances(core.db).find((i) => i.isDefault)!.id;
// The orgs the export below counts, written before any request: on a loaded machine this takes seconds
// of one synchronous stretch, which a kept-alive connection of an earlier request would not survive.
const actor = { instanceId, userId: "test", origin: "seed" as const };
for (let i = 0; i < 1000; i++) createOrg(core, actor, { name: `Listed ${i}` });

/** `query` written by hand (states repeated, unknown ones). */
const list = async (query = "") => {
  const r = await ctl.as("jobs", `/jobs${query}`);
  assert.equal(r.status, 200, r.text);
  assert.ok(Value.Check(S.JobList, r.body), r.text);
  return r.body.jobs;
};
const startJob = async (json: S.JobBody) => {
  const r = await control.startJob({ body: json });
  assert.equal(r.status, 202, r.text);
  return r.body.id;
};
const ended = async (id: string) => {
  for (;;) {
    const job = (await control.job({ params: { id } })).body;
    if (job.state !== "queued" && job.state !== "running") return job;
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("GET /jobs", () => {
  it("is empty before any job was started", async () => {
    assert.deepEqual((await ctl("/jobs")).body, { jobs: [] });
    assert.deepEqual(await list("?state=running"), []);
  });

  it("lists running and queued jobs newest first with kind, instance, state and counters; ended ones without their reports", async () => {
    const importDocument = { orgs: [{ orgId: "610000000000000001", org: { name: "Listed import" } }] };
    // The import engine is loaded on first use: load it now (a validation loads it), so that starting
    // the import below takes one round trip while the export (one org per turn of the event loop) runs.
    assert.equal((await ctl("/orgs/_validate", { method: "POST", json: { document: importDocument } })).status, 200);
    const exportId = await startJob({ kind: "export" });
    const importId = await startJob({ kind: "import", document: importDocument, dryRun: true });
    // The export yields between orgs: wait until it runs and has counted some (never past its end).
    for (;;) {
      const [, exp] = await list();
      assert.ok(exp!.state === "queued" || exp!.state === "running", `the export ended before it was seen running: ${JSON.stringify(exp)}`);
      if (exp!.state === "running" && (exp!.counters.org?.done ?? 0) > 0) break;
    }
    const [queued, running] = await list();
    assert.deepEqual(
      { ...queued!, createdAt: "" },
      { id: importId, kind: "import", instanceId, state: "queued", createdAt: "", counters: {} },
      "the import waits behind the export",
    );
    assert.deepEqual([running!.id, running!.kind, running!.instanceId, running!.state], [exportId, "export", instanceId, "running"]);
    assert.equal(running!.counters.org!.total, 1001);
    assert.ok(!("report" in running!));
    assert.deepEqual(
      (await list("?state=running")).map((j) => j.id),
      [exportId],
    );
    assert.deepEqual(
      (await list("?state=queued&state=running")).map((j) => j.id),
      [importId, exportId],
    );
    assert.deepEqual(
      (await list(`?instanceId=${instanceId}`)).map((j) => j.id),
      [importId, exportId],
    );
    assert.deepEqual(await list("?instanceId=123"), []);

    await ended(exportId);
    await ended(importId);
    const done = await list();
    assert.deepEqual(
      done.map((j) => [j.id, j.state]),
      [
        [importId, "done"],
        [exportId, "done"],
      ],
    );
    assert.deepEqual(done[1]!.counters, { org: { done: 1001, total: 1001 } });
    assert.ok(done.every((j) => !("report" in j) && typeof (j as { finishedAt?: string }).finishedAt === "string"));
    assert.deepEqual(await list("?state=running"), []);
    // The report is still there for the one job.
    assert.equal(((await control.job({ params: { id: exportId } })).body.report as { orgs: unknown[] }).orgs.length, 1001);
  });

  it("refuses an unknown state or parameter with the control API's error, and lists nothing else", async () => {
    for (const [query, message] of [
      ["?state=finished", "querystring/state/0 must be equal to one of the allowed values"],
      ["?kind=export", "querystring must NOT have additional properties"],
    ] as const) {
      const r = await ctl(`/jobs${query}`);
      assert.equal(r.status, 400, r.text);
      assert.deepEqual(r.body, { code: 3, message }, query);
    }
  });
});

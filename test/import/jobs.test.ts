// Import and export jobs on the control API (issue 12): a job streams its progress counters as
// server-sent events and ends with its report; an export job's report is the admin export's
// document; cancel stops a queued job before it runs and an export between two orgs.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { Value } from "@sinclair/typebox/value";
import * as S from "../../emulator/src/control/schemas.js";
import { request, startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";
import { internals } from "../../emulator/src/internal.js";
import { createOrg } from "../../emulator/src/domain/org/commands.js";
import { listInstances } from "../../emulator/src/domain/instance/queries.js";

const emu = await startTestEmulator();
const ctl = rawControl(emu);
const control = controlApi(emu);
const core = internals(emu).core;
const instanceId = listInstances(core.db).find((i) => i.isDefault)!.id;

type SseEvent = { event: string; data: Record<string, unknown> };

const startJob = async (json: S.JobBody) => {
  const r = await control.startJob({ body: json });
  assert.equal(r.status, 202, r.text);
  return r.body.id;
};

/** The whole event stream of a job (it ends after the final event). */
async function eventsOf(id: string): Promise<SseEvent[]> {
  const res = await fetch(`${emu.url}/emulator/v1/jobs/${id}/events`, { headers: { authorization: `Bearer ${emu.consoleToken}` } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/event-stream");
  const text = await res.text();
  return text
    .split("\n\n")
    .filter(Boolean)
    .map((block) => {
      const field = (name: string) =>
        block
          .split("\n")
          .find((l) => l.startsWith(`${name}: `))!
          .slice(name.length + 2);
      return { event: field("event"), data: JSON.parse(field("data")) };
    });
}

const doc = {
  orgs: [
    {
      orgId: "600000000000000001",
      org: { name: "Job Org" },
      humanUsers: [
        { userId: "600000000000000010", user: { userName: "jo", profile: { firstName: "Jo", lastName: "J" }, email: { email: "jo@job.example" } } },
        { userId: "600000000000000011", user: { userName: "jim", profile: { firstName: "Jim", lastName: "J" }, email: { email: "jim@job.example" } } },
      ],
      projects: [{ projectId: "600000000000000020", project: { name: "Jobs" } }],
      projectRoles: [{ projectId: "600000000000000020", roleKey: "worker" }],
      userGrants: [{ userId: "600000000000000010", projectId: "600000000000000020", roleKeys: ["worker"] }],
    },
  ],
};
const orgExists = (id: string) => core.db.stmt("SELECT 1 FROM orgs WHERE id = ?").get(id) !== undefined;

describe("jobs", () => {
  it("an import job streams progress per kind and ends with the import's report", async () => {
    const id = await startJob({ kind: "import", document: doc });
    const events = await eventsOf(id);
    const progress = events.filter((e) => e.event === "progress").map((e) => e.data);
    assert.deepEqual(
      progress.filter((p) => p.kind === "humanUsers"),
      [
        { kind: "humanUsers", done: 0, total: 2 },
        { kind: "humanUsers", done: 1, total: 2 },
        { kind: "humanUsers", done: 2, total: 2 },
      ],
    );
    assert.deepEqual(progress[0], { kind: "org", done: 0, total: 1 }, "every total comes first");
    assert.deepEqual(progress[16], { kind: "org", done: 1, total: 1 });
    const last = events.at(-1)!;
    assert.equal(last.event, "done");
    assert.equal(events.filter((e) => e.event !== "progress").length, 1);
    const report = last.data.report as { errors: unknown[]; success: { orgs: { orgId: string; humanUserIds: string[] }[] } };
    assert.deepEqual(report.errors, []);
    assert.deepEqual(report.success.orgs[0]!.humanUserIds, ["600000000000000010", "600000000000000011"]);
    assert.ok(orgExists("600000000000000001"));

    const job = (await control.job({ params: { id } })).body;
    assert.ok(Value.Check(S.Job, job), "the answer fits the Job schema");
    assert.ok(Value.Check(S.JobProgress, progress[0]));
    assert.ok(Value.Check(S.ImportResult, job.report));
    assert.equal(job.state, "done");
    assert.deepEqual(job.counters.humanUsers, { done: 2, total: 2 });
    assert.deepEqual(job.counters.userGrants, { done: 1, total: 1 });
    assert.deepEqual(job.counters.machineUsers, { done: 0, total: 0 });
    assert.deepEqual(job.report, report);
  });

  it("an import job whose document conflicts ends done with the errors in its report and writes nothing", async () => {
    const id = await startJob({ kind: "import", document: { orgs: [{ ...doc.orgs[0], orgId: "600000000000000002", org: { name: "Job Org 2" } }] } });
    const last = (await eventsOf(id)).at(-1)!;
    assert.equal(last.event, "done");
    const report = last.data.report as { errors: { type: string }[] };
    assert.ok(
      report.errors.some((e) => e.type === "human_user"),
      JSON.stringify(report),
    );
    assert.ok(!orgExists("600000000000000002"));
  });

  it("a dry-run import job reports what the import would do and writes nothing", async () => {
    const document = { orgs: [{ orgId: "600000000000000004", org: { name: "Dry" }, projects: [{ projectId: "600000000000000021", project: { name: "P" } }] }] };
    const last = (await eventsOf(await startJob({ kind: "import", document, dryRun: true }))).at(-1)!;
    const report = last.data.report as { errors: unknown[]; success: { orgs: { orgId: string; projectIds: string[] }[] } };
    assert.deepEqual([last.event, report.errors, report.success.orgs[0]!.projectIds], ["done", [], ["600000000000000021"]]);
    assert.ok(!orgExists("600000000000000004"));
    assert.equal(core.db.stmt("SELECT 1 FROM projects WHERE id = ?").get("600000000000000021"), undefined);
  });

  it("an export job's report is the admin export's document", async () => {
    const id = await startJob({ kind: "export", orgIds: ["600000000000000001"] });
    const events = await eventsOf(id);
    assert.deepEqual(
      events.map((e) => e.event),
      ["progress", "progress", "done"],
    );
    assert.deepEqual(events[1]!.data, { kind: "org", done: 1, total: 1 });
    const rpc = await request(`${emu.url}/admin/v1/export`, {
      method: "POST",
      token: emu.adminPat,
      json: { orgIds: ["600000000000000001"], responseOutput: true },
    });
    assert.equal(rpc.status, 200, rpc.text);
    assert.deepEqual(events.at(-1)!.data.report, rpc.body);
  });

  it("an export job takes withOtp like the admin rpc; the emulator keeps no OTP secrets, so the report is the same", async () => {
    const reportOf = async (body: object) => (await eventsOf(await startJob({ kind: "export", orgIds: ["600000000000000001"], ...body }))).at(-1)!.data.report;
    assert.deepEqual(await reportOf({ withOtp: true, withPasswords: true }), await reportOf({ withPasswords: true }));
    const wrong = await ctl("/jobs", { method: "POST", json: { kind: "export", withOtp: "yes" } });
    assert.equal(wrong.status, 400, wrong.text);
  });

  it("cancel: a queued import never runs, a running export stops between orgs, an ended job is 409", async () => {
    const actor = { instanceId, userId: "test", origin: "seed" as const };
    for (let i = 0; i < 400; i++) createOrg(core, actor, { name: `Bulk ${i}` });
    const exportId = await startJob({ kind: "export" });
    const importId = await startJob({ kind: "import", document: { orgs: [{ orgId: "600000000000000003", org: { name: "Queued" } }] } });
    const cancelledImport = await control.cancelJob({ params: { id: importId } });
    assert.equal(cancelledImport.status, 200, cancelledImport.text);
    assert.equal(cancelledImport.body.state, "cancelled");
    const cancelledExport = await control.cancelJob({ params: { id: exportId } });
    assert.equal(cancelledExport.body.state, "running", "a running export stops at its next org");

    const exportEvents = await eventsOf(exportId);
    assert.equal(exportEvents.at(-1)!.event, "cancelled");
    const exported = (await control.job({ params: { id: exportId } })).body;
    assert.equal(exported.state, "cancelled");
    assert.ok(Value.Check(S.Job, exported));
    assert.equal(exported.report, undefined);
    assert.ok(exported.counters.org!.done < exported.counters.org!.total, JSON.stringify(exported.counters));

    assert.deepEqual(
      (await eventsOf(importId)).map((e) => e.event),
      ["cancelled"],
    );
    assert.deepEqual((await control.job({ params: { id: importId } })).body.counters, {});
    assert.ok(!orgExists("600000000000000003"), "the cancelled import wrote nothing");

    const again = await ctl(`/jobs/${importId}/_cancel`, { method: "POST" });
    assert.equal(again.status, 409);
    assert.deepEqual(again.body, { code: 9, message: `The job ${importId} has already ended (cancelled)` });
  });

  it("keeps the last 100 ended jobs", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 101; i++) ids.push(await startJob({ kind: "export", orgIds: ["no-such-org"] }));
    assert.equal((await eventsOf(ids.at(-1)!)).at(-1)!.event, "done");
    assert.equal((await ctl(`/jobs/${ids[0]}`)).status, 404, "the oldest ended job is forgotten");
    assert.equal((await ctl(`/jobs/${ids[1]}`)).status, 200);
  });

  it("refuses an unknown job and a wrong body with the error of its kind", async () => {
    for (const path of ["/jobs/nope", "/jobs/nope/events"]) {
      const r = await ctl(path);
      assert.equal(r.status, 404, path);
      assert.deepEqual(r.body, { code: 5, message: 'No job "nope"' });
    }
    assert.equal((await ctl("/jobs/nope/_cancel", { method: "POST" })).status, 404);
    // Each body is refused with the error of its own kind, and nothing is started.
    for (const [json, message] of [
      [{ kind: "delete" }, "body/kind must be equal to one of the allowed values"],
      [{ document: {} }, "body must have required property 'kind'"],
      [{ kind: "import" }, "body must have required property 'document'"],
      [{ kind: "export", orgIds: "1" }, "body/orgIds must be array"],
      [{ kind: "export", document: {} }, "body must NOT have additional properties"],
    ] as const) {
      const bad = await ctl("/jobs", { method: "POST", json });
      assert.equal(bad.status, 400, bad.text);
      assert.deepEqual(bad.body, { code: 3, message }, JSON.stringify(json));
    }
  });
});

describe("document bodies on the control API", () => {
  it("take up to the admin rpcs' limit (a 5 MiB document passes; other routes keep 4 MiB, named in the 413)", async () => {
    const document = { orgs: [{ orgId: "520000000000000001", org: { name: "x".repeat(5 * 1024 * 1024) } }] };
    for (const path of ["/orgs/_validate", "/orgs/_import?dryRun=true", "/orgs/_diff"]) {
      const res = await ctl(path, { method: "POST", json: { document } });
      assert.equal(res.status, 200, `${path}: ${res.text.slice(0, 200)}`);
    }
    const id = await startJob({ kind: "import", document, dryRun: true });
    assert.ok(id);
    // POST /instances takes org documents since issue 26 (a seed): snapshots stand for the other routes.
    const other = await ctl("/snapshots", { method: "POST", json: { name: "x".repeat(5 * 1024 * 1024) } });
    assert.equal(other.status, 413);
    assert.match(other.error.message, /limit of 4194304 bytes \(4 MiB\)/);
  });
});

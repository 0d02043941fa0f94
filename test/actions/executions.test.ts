// Executions of SvcActions on REST, gRPC and gRPC-web (spec "Execution", wire-facts 1.5): ids
// derived from conditions, 201/200 of PutExecution, the checks on conditions, targets and includes,
// delete, and the search filters.

import { describe, it, before } from "node:test";
import assert from "node:assert/strict";
import { assertDetails, fails, ok } from "../helpers/assertions.js";
import { actionsSetup, webhook } from "./setup.js";

const { emu, transports, instanceId, ctl } = await actionsSetup();
const pat = emu.adminPat;
const SVC = "svc.resources.action.v3alpha.SvcActions";

const countEvents = async (type: string) => (await ctl.as("events", `/events?type=${type}&limit=1000`)).body.events.length;

for (const t of transports) {
  describe(`executions over ${t.name}`, () => {
    const targets: string[] = [];
    const put = (execution: Record<string, unknown>) => t.call("PutExecution", { execution } as never, pat);
    const search = async (filters: unknown[], query: Record<string, unknown> = {}) => ok(await t.call("SearchExecutions", { filters, query } as never, pat));
    const ids = (body: Record<string, unknown>) => ((body.result ?? []) as { details: { id: string } }[]).map((r) => r.details.id);

    before(async () => {
      // Each transport starts from the seeded state, so the tables below hold for all three.
      assert.equal((await ctl("/reset", { method: "POST" })).status, 200);
      for (const name of ["a", "b", "c"])
        targets.push((ok(await t.call("CreateTarget", { target: webhook(`${t.name}-${name}`) }, pat)).details as { id: string }).id);
    });

    const derived: [string, Record<string, unknown>, string][] = [
      ["a method", { request: { method: `/${SVC}/CreateTarget` } }, `request/${SVC}/CreateTarget`],
      ["a service", { request: { service: SVC } }, `request/${SVC}`],
      ["all requests", { request: { all: true } }, "request"],
      ["a response method", { response: { method: `/${SVC}/GetTarget` } }, `response/${SVC}/GetTarget`],
      ["all responses", { response: { all: true } }, "response"],
      ["a function", { function: "preuserinfo" }, "function/preuserinfo"],
      ["an event", { event: { event: "user.human.added" } }, "event/user.human.added"],
      ["an event group", { event: { group: "user.human" } }, "event/user.human.*"],
      ["all events", { event: { all: true } }, "event"],
    ];
    for (const [what, condition, id] of derived) {
      it(`derives the id ${id} from ${what}; 201 when created, 200 when updated`, async () => {
        const created = ok(await put({ condition, targets: [targets[0]] }), 201);
        assertDetails(created.details, instanceId, { id, sequence: "1" });
        const updated = ok(await put({ condition, targets: [targets[1], targets[0]] }), 200);
        assertDetails(updated.details, instanceId, { id, sequence: "2" });
        const found = await search([{ inConditions: { conditions: [condition] } }]);
        assert.deepEqual(
          (found.result as { execution: unknown }[]).map((r) => r.execution),
          [{ condition, targets: [targets[1], targets[0]] }],
        );
      });
    }

    it("appends no event when the same targets are put again", async () => {
      const before = await countEvents("execution.set");
      const again = ok(await put({ condition: { request: { all: true } }, targets: [targets[1], targets[0]] }), 200);
      assertDetails(again.details, instanceId, { id: "request", sequence: "2" });
      assert.equal(await countEvents("execution.set"), before);
    });

    it("refuses conditions the emulator does not serve, and bad condition shapes", async () => {
      fails(
        await put({ condition: { request: { method: "/svc.Nope/Nothing" } } }),
        5,
        404,
        /Execution condition is invalid: no method \/svc\.Nope\/Nothing is served/,
        "EXECUTION-condition-invalid",
      );
      fails(await put({ condition: { response: { service: "svc.Nope" } } }), 5, 404, /no service svc\.Nope is served/);
      fails(await put({ condition: { function: "postauth" } }), 5, 404, /no function postauth; functions are preuserinfo, preaccesstoken, presamlresponse/);
      fails(
        await put({ condition: {} }),
        3,
        400,
        /PutExecutionRequest\.execution\.condition\.condition_type: exactly one field is required in oneof \[oneof\.required\]/,
      );
      fails(await put({ condition: { request: {} } }), 3, 400, /execution\.condition\.request\.condition: exactly one field is required in oneof/);
      fails(await put({ condition: { request: { all: false } } }), 3, 400, /request\.all: value must equal true \[bool\.const\]/);
      fails(await put({ condition: { event: { event: "" } } }), 3, 400, /event\.event: .*\[string\.min_len\]/);
      fails(await put({ targets: [] }), 3, 400, /PutExecutionRequest\.execution\.condition: value is required \[message\.required\]/);
    });

    it("refuses unknown targets and includes, includes of another kind, and stores nothing", async () => {
      const before = await countEvents("execution.set");
      fails(await put({ condition: { event: { all: true } }, targets: ["404"] }), 5, 404, /Target 404 not found/, "COMMAND-17e8fq1ggk");
      fails(
        await put({ condition: { event: { all: true } }, includes: ["event/nothing.here"] }),
        5,
        404,
        /Included execution event\/nothing\.here not found/,
        "COMMAND-slgj0l4cdz",
      );
      fails(await put({ condition: { event: { all: true } }, includes: ["request"] }), 3, 400, /request is not a event execution/, "EXECUTION-include-kind");
      assert.equal(await countEvents("execution.set"), before);
    });

    it("refuses include cycles and more than three levels of includes", async () => {
      const svc = { request: { service: SVC } };
      const method = (m: string) => ({ request: { method: `/${SVC}/${m}` } });
      ok(await put({ condition: method("GetTarget"), targets: [targets[2]] }));
      ok(await put({ condition: method("PatchTarget"), includes: [`request/${SVC}/GetTarget`] }));
      fails(await put({ condition: method("GetTarget"), includes: [`request/${SVC}/PatchTarget`] }), 9, 400, /Circular include/, "EXECUTION-circular-include");
      fails(await put({ condition: method("GetTarget"), includes: [`request/${SVC}/GetTarget`] }), 9, 400, /Circular include/);
      // request -> service -> PatchTarget -> GetTarget is three levels; one more is refused.
      ok(await put({ condition: svc, includes: [`request/${SVC}/PatchTarget`] }));
      ok(await put({ condition: { request: { all: true } }, includes: [`request/${SVC}`] }));
      fails(await put({ condition: method("DeleteTarget"), includes: ["request"] }), 9, 400, /at most 3 levels/, "EXECUTION-max-include-levels");
    });

    it("searches by condition, type, target and include, newest first unless asc", async () => {
      const byType = await search([{ executionType: { type: "EXECUTION_TYPE_EVENT" } }]);
      assert.deepEqual(ids(byType), ["event", "event/user.human.*", "event/user.human.added"]);
      const asc = await search([{ executionType: { type: "EXECUTION_TYPE_EVENT" } }], { asc: true });
      assert.deepEqual(ids(asc), ["event/user.human.added", "event/user.human.*", "event"]);
      assert.deepEqual(ids(await search([{ target: { id: targets[2] } }])), [`request/${SVC}/GetTarget`]);
      assert.deepEqual(ids(await search([{ include: { include: `request/${SVC}` } }])), ["request"]);
      const both = await search([{ executionType: { type: "EXECUTION_TYPE_REQUEST" } }, { target: { id: targets[1] } }]);
      // PutExecution replaces: "request" and the service execution now only include, they call no target.
      assert.deepEqual(ids(both), [`request/${SVC}/CreateTarget`]);
      const page = await search([], { limit: 2, offset: 1 });
      assert.equal(ids(page).length, 2);
      // end_of_list is false, so proto3 JSON leaves it out.
      const latest = (await ctl.as("events", "/events?limit=1000")).body.events.at(-1)!;
      assert.deepEqual(page.details, { appliedLimit: 2, totalResult: "11", processedSequence: String(latest.position), timestamp: latest.createdAt });
      assert.deepEqual((await search([], { limit: 2, offset: 10 })).details, {
        appliedLimit: 2,
        endOfList: true,
        totalResult: "11",
        processedSequence: String(latest.position),
        timestamp: latest.createdAt,
      });
      assert.equal((await search([])).details && ((await search([])).details as { appliedLimit: number }).appliedLimit, 100);
      fails(await t.call("SearchExecutions", { query: { limit: 1001 } }, pat), 3, 400, /Limit exceeded: given 1001, allowed 1000/, "QUERY-4M0fs");
    });

    it("deleting a target takes it out of every execution; deleting an execution takes it out of includes", async () => {
      const method = { request: { method: `/${SVC}/CreateTarget` } };
      ok(await t.call("DeleteTarget", { id: targets[0]! }, pat));
      const calling = await search([{ inConditions: { conditions: [method] } }]);
      assert.deepEqual((calling.result as { execution: { targets?: string[] } }[])[0]!.execution.targets, [targets[1]]);
      assert.deepEqual(ids(await search([{ target: { id: targets[0] } }])), []);
      const removed = ok(await t.call("DeleteExecution", { id: `request/${SVC}` }, pat), 200);
      assertDetails(removed.details, instanceId, { id: `request/${SVC}`, sequence: "4" });
      const after = await search([{ inConditions: { conditions: [{ request: { all: true } }] } }]);
      assert.equal((after.result as { execution: { includes?: string[] } }[])[0]!.execution.includes, undefined);
      fails(await t.call("DeleteExecution", { id: `request/${SVC}` }, pat), 5, 404, /Execution not found/);
    });

    it("lists the functions, methods and services executions can name", async () => {
      assert.deepEqual(ok(await t.call("ListAvailableExecutionFunctions", {}, pat)), { functions: ["preuserinfo", "preaccesstoken", "presamlresponse"] });
      const methods = ok(await t.call("ListAvailableExecutionMethods", {}, pat)).methods as string[];
      assert.deepEqual(methods, [...methods].sort());
      for (const m of ["CreateTarget", "PatchTarget", "DeleteTarget", "GetTarget", "SearchTargets", "PutExecution", "DeleteExecution", "SearchExecutions"])
        assert.ok(methods.includes(`/${SVC}/${m}`), m);
      const services = ok(await t.call("ListAvailableExecutionServices", {}, pat)).services as string[];
      assert.deepEqual(services, [...services].sort());
      for (const s of [SVC, "svc.resources.org.v3alpha.SvcOrganizations", "svc.settings.language.v3alpha.SvcLanguageSettings"])
        assert.ok(services.includes(s), s);
    });
  });
}

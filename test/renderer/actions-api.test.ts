// renderer/src/screens/actions/api/ (the fetchers of targets and executions) and model.ts, through the
// renderer's resource client against a running emulator: a target of each type and mode reads back as
// it was written (the execution_type oneof), executions of each condition kind, and the conditions in words.

import { servedFrom } from "./browser-window.js";
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { resourceClient } from "../../renderer/src/api/resource.js";
import { changeExecution } from "../../renderer/src/screens/actions/api/change-executions.js";
import { changeTarget } from "../../renderer/src/screens/actions/api/change-targets.js";
import { listChoices, listExecutions } from "../../renderer/src/screens/actions/api/list-executions.js";
import { listTargets } from "../../renderer/src/screens/actions/api/list-targets.js";
import { type ConditionJson as Condition, describeCondition, type TargetInput } from "../../renderer/src/screens/actions/model.js";
import { startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator();
servedFrom(emu.url);
const rest = resourceClient(emu.adminPat);
/** The screen's fetchers under the names this test gave them when they were one object (actionsApi). */
const api = {
  targets: () => listTargets(rest),
  createTarget: (target: TargetInput) => changeTarget(rest, { kind: "create", target }),
  patchTarget: (id: string, target: TargetInput) => changeTarget(rest, { kind: "patch", id, target }),
  deleteTarget: (id: string) => changeTarget(rest, { kind: "delete", id }),
  executions: () => listExecutions(rest),
  putExecution: (condition: Condition, targets: string[], includes: string[]) => changeExecution(rest, { kind: "put", condition, targets, includes }),
  deleteExecution: (id: string) => changeExecution(rest, { kind: "delete", id }),
  methods: async () => (await listChoices(rest)).methods,
  services: async () => (await listChoices(rest)).services,
  functions: async () => (await listChoices(rest)).functions,
};

describe("the actions screen's fetchers", () => {
  it("answers empty lists on an instance without targets or executions", async () => {
    assert.deepEqual(await api.targets(), []);
    assert.deepEqual(await api.executions(), []);
  });

  it("reads a target of each type and mode back as it was written, and its signing key once", async () => {
    const inputs: TargetInput[] = [
      { name: "sync-hook", type: "restWebhook", url: "http://localhost:9001/a", timeout: "10s", mode: "sync" },
      { name: "interrupting", type: "restRequestResponse", url: "http://localhost:9001/b", timeout: "5s", mode: "interrupt" },
      { name: "async-hook", type: "restWebhook", url: "http://localhost:9001/c", timeout: "1.500s", mode: "async" },
    ];
    const ids: string[] = [];
    for (const input of inputs) {
      const { id, signingKey } = await api.createTarget(input);
      assert.ok(signingKey.length > 20, "the signing key is answered on creation");
      ids.push(id);
    }
    const read = await api.targets();
    assert.deepEqual(
      read.map(({ id: _, changeDate: __, ...t }) => t).sort((a, b) => a.name.localeCompare(b.name)),
      [...inputs].sort((a, b) => a.name.localeCompare(b.name)),
    );
    await api.patchTarget(ids[0]!, { ...inputs[0]!, mode: "async", url: "http://localhost:9001/z" });
    const patched = (await api.targets()).find((t) => t.id === ids[0])!;
    assert.deepEqual([patched.mode, patched.url], ["async", "http://localhost:9001/z"]);
    await api.patchTarget(ids[0]!, { ...inputs[0]!, mode: "sync" });
    assert.equal((await api.targets()).find((t) => t.id === ids[0])!.mode, "sync", "back from async to sync");
    await api.deleteTarget(ids[2]!);
    assert.deepEqual((await api.targets()).map((t) => t.id).sort(), [ids[0], ids[1]].sort());
  });

  it("puts and lists an execution of each condition kind, and describes each in words", async () => {
    // The non-interrupting target: executions on every request then leave the calls themselves alone.
    const target = (await api.targets()).find((t) => t.mode === "sync");
    const methods = await api.methods();
    const services = await api.services();
    const functions = await api.functions();
    assert.ok(methods.length > 0 && services.length > 0 && functions.length > 0);
    const conditions: [Condition, string][] = [
      [{ request: { method: methods[0]! } }, `request of method ${methods[0]}`],
      [{ response: { service: services[0]! } }, `response of service ${services[0]}`],
      [{ request: { all: true } }, "request of every method"],
      [{ event: { event: "user.human.added" } }, "event user.human.added"],
      [{ event: { group: "user" } }, "events of group user"],
      [{ event: { all: true } }, "every event"],
      [{ function: functions[0]! }, `function ${functions[0]}`],
    ];
    for (const [condition] of conditions) await api.putExecution(condition, [target!.id], []);
    const listed = await api.executions();
    assert.equal(listed.length, conditions.length);
    assert.deepEqual(listed.map((e) => describeCondition(e.condition)).sort(), conditions.map(([, words]) => words).sort());
    assert.ok(listed.every((e) => e.targets.length === 1 && e.targets[0] === target!.id && e.includes.length === 0));
    await api.deleteExecution(listed[0]!.id);
    assert.equal((await api.executions()).length, conditions.length - 1);
  });
});

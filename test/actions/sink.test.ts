// The built-in target sink (issue 5): targets pointed at /emulator/v1/sink/{name} are answered with
// the configured status and body, their signature is checked and every call is recorded.

import { describe, it, beforeEach } from "node:test";
import assert from "node:assert/strict";
import type { JsonObject } from "@bufbuild/protobuf";
import { fails, ok } from "../helpers/assertions.js";
import { request } from "../helpers/emulator.js";
import { actionsSetup } from "./setup.js";

const { emu, transports, ctl } = await actionsSetup();
const pat = emu.adminPat;
const SVC = "svc.resources.action.v3alpha.SvcActions";
const rest = transports.find((t) => t.name === "rest")!;
const sinkUrl = (name: string) => `${emu.url}/emulator/v1/sink/${name}`;
const sinkCalls = async (name: string) => (await ctl.as("sinkCalls", `/sinks/${name}/calls`)).body.calls;

async function sinkTarget(name: string, kind: "restWebhook" | "restRequestResponse", extra: JsonObject = {}) {
  const body = ok(await rest.call("CreateTarget", { target: { name, [kind]: { url: sinkUrl(name) }, timeout: "5s", ...extra } }, pat), 201);
  return (body.details as { id: string }).id;
}

beforeEach(async () => {
  assert.equal((await ctl("/reset", { method: "POST" })).status, 200);
});

describe("target sink", () => {
  it("records a signed call, answers 200 with no body by default, and the call succeeds", async () => {
    const id = await sinkTarget("demo", "restWebhook");
    ok(await rest.call("PutExecution", { execution: { condition: { request: { method: `/${SVC}/GetTarget` } }, targets: [id] } }, pat));
    ok(await rest.call("GetTarget", { id }, pat));
    const calls = await sinkCalls("demo");
    assert.equal(calls.length, 1);
    assert.equal(calls[0]!.signatureValid, true);
    assert.equal((JSON.parse(calls[0]!.body) as { fullMethod: string }).fullMethod, `/${SVC}/GetTarget`);
    assert.match(calls[0]!.headers["svc-signature"]!, /^t=\d+,v1=[0-9a-f]{64}$/);
    const recorded = (await ctl.as("targetCalls", `/target-calls?target_id=${id}`)).body.calls;
    assert.deepEqual(
      recorded.map((c) => [c.status, c.response, c.signatureValid]),
      [[200, "", true]],
    );
    // The delivery log checks with the target's key: once the target is gone there is none (null).
    ok(await rest.call("DeleteTarget", { id }, pat));
    const orphan = (await ctl.as("targetCalls", `/target-calls?target_id=${id}`)).body.calls;
    assert.deepEqual(
      orphan.map((c) => c.signatureValid),
      [null],
    );
  });

  it("answers the configured status and body: a forwarded error reaches the caller", async () => {
    const id = await sinkTarget("gate", "restRequestResponse", { interruptOnError: true });
    const put = await ctl("/sinks/gate", {
      method: "PUT",
      json: { status: 200, body: { forwardedStatusCode: 403, forwardedErrorMessage: "the sink says no" } },
    });
    assert.equal(put.status, 200);
    assert.deepEqual((await ctl("/sinks/gate")).body, {
      name: "gate",
      status: 200,
      body: '{"forwardedStatusCode":403,"forwardedErrorMessage":"the sink says no"}',
    });
    ok(await rest.call("PutExecution", { execution: { condition: { request: { method: `/${SVC}/GetTarget` } }, targets: [id] } }, pat));
    fails(await rest.call("GetTarget", { id }, pat), 7, 403, /the sink says no/);
    assert.equal((await ctl("/sinks/gate", { method: "PUT", json: { status: 503 } })).status, 200);
    fails(await rest.call("GetTarget", { id }, pat), 9, 400, /target gate answered 503/);
  });

  it("refuses and records calls without a valid signature", async () => {
    await sinkTarget("strict", "restWebhook");
    const unsigned = await request(sinkUrl("strict"), { method: "POST", json: { hello: 1 } });
    assert.deepEqual([unsigned.status, unsigned.body], [400, { code: 3, message: "webhook has no Svc-Signature header" }]);
    const forged = await request(sinkUrl("strict"), {
      method: "POST",
      json: { hello: 1 },
      headers: { "svc-signature": `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` },
    });
    assert.deepEqual([forged.status, forged.body], [400, { code: 3, message: "webhook has invalid Svc-Signature header" }]);
    assert.deepEqual(
      (await sinkCalls("strict")).map((c) => [c.body, c.signatureValid]),
      [
        ['{"hello":1}', false],
        ['{"hello":1}', false],
      ],
    );
  });

  it("refuses a bad configuration and keeps the old one", async () => {
    assert.equal((await ctl("/sinks/cfg", { method: "PUT", json: { status: 201, body: "ok" } })).status, 200);
    assert.equal((await ctl("/sinks/cfg", { method: "PUT", json: { status: 99 } })).status, 400);
    assert.equal((await ctl("/sinks/cfg", { method: "PUT", json: { status: 200, extra: true } })).status, 400);
    assert.deepEqual((await ctl("/sinks/cfg")).body, { name: "cfg", status: 201, body: "ok" });
    assert.equal((await request(`${emu.url}/emulator/v1/sinks/cfg`)).status, 401, "configuration needs the console token");
  });
});

// The error model of the HTTP/JSON surface (wire-facts 5): unknown paths 404 {code 5}, a wrong
// method on a known path 405 {code 12}, bad JSON 400 {code 3}; gRPC clients get UNIMPLEMENTED for
// unknown methods. (A declared but unbuilt rpc: unbuilt-rpc.test.ts.)

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as grpc from "@grpc/grpc-js";
import { request, startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator();
const pat = emu.adminPat;

describe("HTTP/JSON routing errors", () => {
  it("answers an rpc error with the exact rpc status body", async () => {
    const r = await request(`${emu.url}/resources/v3alpha/targets/123`, { token: pat });
    assert.equal(r.status, 404);
    assert.equal(r.headers.get("content-type"), "application/json; charset=utf-8");
    assert.equal(
      r.text,
      '{"code":5,"message":"Target not found (COMMAND-xj14f2cccn)",' +
        '"details":[{"@type":"type.googleapis.com/svc.v1.ErrorDetail","id":"COMMAND-xj14f2cccn","message":"Target not found"}]}',
    );
  });

  it("answers 404 {code:5,message:'Not Found'} for an unknown path", async () => {
    const r = await request(`${emu.url}/resources/v3alpha/nothing`, { token: pat });
    assert.equal(r.status, 404);
    assert.equal(r.text, '{"code":5,"message":"Not Found"}');
  });

  it("answers 405 {code:12,message:'Method Not Allowed'} for a wrong method on a known path", async () => {
    for (const [method, path] of [
      ["PUT", "/resources/v3alpha/targets"],
      ["GET", "/resources/v3alpha/executions"],
      ["POST", "/resources/v3alpha/targets/123"],
    ] as const) {
      const r = await request(`${emu.url}${path}`, { method, token: pat });
      assert.equal(r.status, 405, `${method} ${path}`);
      assert.equal(r.text, '{"code":12,"message":"Method Not Allowed"}');
    }
  });

  it("answers 400 {code:3} for a body that is not JSON or of the wrong shape, and stores nothing", async () => {
    const bad = await request(`${emu.url}/resources/v3alpha/targets`, {
      method: "POST",
      token: pat,
      body: "{nope",
      headers: { "content-type": "application/json" },
    });
    assert.equal(bad.status, 400);
    assert.equal((bad.body as { code: number }).code, 3);
    assert.match((bad.body as { message: string }).message, /^request body is not valid JSON: .* \(REST-invalid-request\)$/);
    const shape = await request(`${emu.url}/resources/v3alpha/targets/_search`, { method: "POST", token: pat, json: { not: "an array" } });
    assert.equal(shape.status, 400);
    assert.match((shape.body as { message: string }).message, /^invalid request: .*filters/);
    const query = await request(`${emu.url}/resources/v3alpha/targets/_search?query.limit=ten`, { method: "POST", token: pat, json: [] });
    assert.equal(query.status, 400);
    assert.equal((query.body as { message: string }).message, 'invalid value "ten" for query parameter query.limit (REST-invalid-request)');
    const search = await request(`${emu.url}/resources/v3alpha/targets/_search`, { method: "POST", token: pat, json: [] });
    assert.equal((search.body as { details: { totalResult?: string } }).details.totalResult, undefined);
  });

  it("accepts snake_case and lowerCamel names, enums by name and number, query parameters by both names", async () => {
    const body = { name: "snake", rest_webhook: { url: "http://localhost:1/h" }, timeout: "1s", interrupt_on_error: true };
    const created = await request(`${emu.url}/resources/v3alpha/targets`, { method: "POST", token: pat, json: body });
    assert.equal(created.status, 201);
    const filters = [{ name: { name: "SNA", method: 3 } }];
    for (const qs of ["sorting_column=TARGET_FIELD_NAME_NAME&query.asc=true", "sortingColumn=4&query.asc=1"]) {
      const r = await request(`${emu.url}/resources/v3alpha/targets/_search?${qs}`, { method: "POST", token: pat, json: filters });
      assert.equal(r.status, 200, qs);
      const res = r.body as { sortingColumn: string; result: { target: unknown }[] };
      assert.equal(res.sortingColumn, "TARGET_FIELD_NAME_NAME");
      assert.deepEqual(
        res.result.map((x) => x.target),
        [{ name: "snake", restWebhook: { url: "http://localhost:1/h" }, timeout: "1s", interruptOnError: true }],
      );
    }
  });
});

describe("gRPC", () => {
  it("answers UNIMPLEMENTED for a method no service declares", async () => {
    const client = new grpc.Client(new URL(emu.url).host, grpc.credentials.createInsecure());
    const code = await new Promise<number>((resolve) => {
      client.makeUnaryRequest(
        "/svc.Nope/Nothing",
        (x: Buffer) => x,
        (x: Buffer) => x,
        Buffer.alloc(0),
        (err) => resolve(err?.code ?? 0),
      );
    });
    client.close();
    assert.equal(code, grpc.status.UNIMPLEMENTED);
  });
});

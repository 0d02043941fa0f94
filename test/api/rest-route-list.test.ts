// The REST routes are registered at start from a generated list (gen/rest-routes.ts) and the rpc
// table with its descriptors is made on the first resource API request (api/api-loader.ts). The list
// must be what the table declares, and first requests arriving together on every transport all wait
// for the one table and answer as later requests do.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { REST_ROUTES } from "../../emulator/src/gen/rest-routes.js";
import { restRoutesOf } from "../../emulator/src/api/rest-routes.js";
import { grpcRawCall, grpcWebRawCall, lengthDelimited } from "../helpers/raw-grpc.js";
import { request, startTestEmulator } from "../helpers/emulator.js";

const GET_TARGET = "/svc.resources.action.v3alpha.SvcActions/GetTarget";

describe("REST routes before the rpc table", () => {
  it("first requests on REST, gRPC and gRPC-web at once all answer from the same table", async () => {
    const emu = await startTestEmulator();
    try {
      const id = Buffer.from("123");
      const [rest, grpc, web, again] = await Promise.all([
        request(`${emu.url}/resources/v3alpha/targets/123`, { token: emu.adminPat }),
        grpcRawCall(new URL(emu.url).host, GET_TARGET, lengthDelimited(1, id), emu.adminPat),
        grpcWebRawCall(emu.url, GET_TARGET, lengthDelimited(1, id), emu.adminPat),
        request(`${emu.url}/resources/v3alpha/targets/123`, { method: "PUT", token: emu.adminPat }),
      ]);
      assert.equal(rest.status, 404);
      assert.equal(
        rest.text,
        '{"code":5,"message":"Target not found (COMMAND-xj14f2cccn)",' +
          '"details":[{"@type":"type.googleapis.com/svc.v1.ErrorDetail","id":"COMMAND-xj14f2cccn","message":"Target not found"}]}',
      );
      assert.deepEqual(grpc, { code: 5, message: "Target not found (COMMAND-xj14f2cccn)" });
      assert.deepEqual(web, { code: 5, message: "Target not found (COMMAND-xj14f2cccn)", httpStatus: 200 });
      assert.equal(again.status, 405);
      assert.equal(again.text, '{"code":12,"message":"Method Not Allowed"}');
    } finally {
      await emu.close();
    }
  });
  // After the test above: this loads the descriptors into the test's own process.
  it("the committed route list is the one the rpc table declares (else: node --import tsx scripts/generate-rest-routes.ts)", async () => {
    const { buildRpcTable } = await import("../../emulator/src/api/services.js");
    assert.deepEqual(REST_ROUTES, restRoutesOf(buildRpcTable()));
    assert.ok(REST_ROUTES.length > 100, `${REST_ROUTES.length} routes`);
  });
});

// A declared but unbuilt rpc answers Unimplemented naming itself (DESIGN 7), never a silent 200 or
// a 404. Every rpc the emulator declares is built today, so this drives the real pipeline with a
// real rpc table in which SvcApps has no handlers, against a running emulator's core.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { create } from "@bufbuild/protobuf";
import { invokeRpc } from "../../emulator/src/api/rpc-pipeline.js";
import { RpcTable, defineService } from "../../emulator/src/api/rpc.js";
import { SvcApps, GetAppRequestSchema } from "../../emulator/src/gen/svc/resources/app/v3alpha/app_service_pb.js";
import { Code, type SvcError, httpStatusFromCode, rpcStatusBody } from "../../emulator/src/kernel/errors.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { internals } from "../../emulator/src/internal.js";
import { resolveInstance } from "../../emulator/src/domain/instance/by-host.js";

const emu = await startTestEmulator();

describe("an rpc declared but not built", () => {
  it("answers Unimplemented (501, code 12) naming the rpc, after authentication", async () => {
    const table = new RpcTable([defineService(SvcApps, "multitenancy_resources_api", {})]);
    const entry = table.get("/svc.resources.app.v3alpha.SvcApps/GetApp")!;
    const request = create(GetAppRequestSchema, { id: "1" });
    await assert.rejects(
      invokeRpc(internals(emu).core, entry, request, {
        host: "localhost",
        authorization: undefined,
        instance: resolveInstance(internals(emu).core.db, "localhost"),
      }),
      (e: SvcError) => e.code === Code.Unauthenticated,
    );
    const err = await invokeRpc(internals(emu).core, entry, request, {
      host: "localhost",
      authorization: `Bearer ${emu.adminPat}`,
      instance: resolveInstance(internals(emu).core.db, "localhost"),
    }).then(
      () => assert.fail("an unbuilt rpc answered"),
      (e: SvcError) => e,
    );
    assert.equal(httpStatusFromCode(err.code), 501);
    assert.deepEqual(rpcStatusBody(err), {
      code: 12,
      message: "/svc.resources.app.v3alpha.SvcApps/GetApp is not implemented by the emulator yet (RPC-unimplemented)",
      details: [
        {
          "@type": "type.googleapis.com/svc.v1.ErrorDetail",
          id: "RPC-unimplemented",
          message: "/svc.resources.app.v3alpha.SvcApps/GetApp is not implemented by the emulator yet",
        },
      ],
    });
  });
});

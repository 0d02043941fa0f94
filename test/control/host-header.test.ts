// Requests whose Host is neither loopback nor an instance domain are refused (DESIGN 11, against
// DNS rebinding) on the control API, the REST resource API and gRPC-web; loopback names work.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { requestWithHost, startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator();

const send = async (path: string, host: string, init: Parameters<typeof requestWithHost>[3] = {}) => {
  const r = await requestWithHost(emu.port, path, host, init);
  return { status: r.status, body: r.text };
};

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
// ListAvailableExecutionFunctions over gRPC-web: one empty message frame.
const grpcWeb = (host: string) =>
  send("/svc.resources.action.v3alpha.SvcActions/ListAvailableExecutionFunctions", host, {
    method: "POST",
    headers: { ...auth(emu.adminPat), "content-type": "application/grpc-web+proto" },
    body: Buffer.from([0, 0, 0, 0, 0]),
  });

describe("Host header", () => {
  for (const host of ["evil.example", "evil.example:80", `attacker.test:${emu.port}`, `localhost.evil.example:${emu.port}`, `127.0.0.1.nip.io:${emu.port}`]) {
    it(`refuses ${host} on the control API, REST and gRPC-web`, async () => {
      const c = await send("/emulator/v1/events", host, { headers: auth(emu.consoleToken) });
      assert.equal(c.status, 403);
      assert.deepEqual(JSON.parse(c.body), { code: 7, message: `Host ${JSON.stringify(host)} is not served here: use localhost or an instance domain` });
      const health = await send("/emulator/v1/health", host);
      assert.equal(health.status, 403);
      const rest = await send("/resources/v3alpha/targets/_search", host, { method: "POST", headers: auth(emu.adminPat), body: "[]" });
      assert.equal(rest.status, 403);
      const web = await grpcWeb(host);
      assert.deepEqual([web.status, web.body], [403, ""]);
    });
  }

  for (const host of [`localhost:${emu.port}`, `127.0.0.1:${emu.port}`, "localhost", `LOCALHOST:${emu.port}`]) {
    it(`serves ${host}`, async () => {
      assert.equal((await send("/emulator/v1/events?limit=1", host, { headers: auth(emu.consoleToken) })).status, 200);
      assert.equal((await send("/resources/v3alpha/targets/_search", host, { method: "POST", headers: auth(emu.adminPat), body: "[]" })).status, 200);
      const web = await grpcWeb(host);
      assert.equal(web.status, 200);
      assert.match(web.body, /preuserinfo[\s\S]*grpc-status: ?0/);
      assert.deepEqual(JSON.parse((await send("/emulator/v1/health", host)).body), { status: "ok" });
    });
  }
});

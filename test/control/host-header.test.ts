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

describe("Host header", () => {
  for (const host of ["evil.example", "evil.example:80", `attacker.test:${emu.port}`]) {
    it(`refuses ${host} on the control API, REST and gRPC-web`, async () => {
      const c = await send("/emulator/v1/events", host, { headers: auth(emu.consoleToken) });
      assert.equal(c.status, 403);
      assert.deepEqual(JSON.parse(c.body), { code: 7, message: `Host ${JSON.stringify(host)} is not served here: use localhost or an instance domain` });
      const health = await send("/emulator/v1/health", host);
      assert.equal(health.status, 403);
      const rest = await send("/resources/v3alpha/targets/_search", host, { method: "POST", headers: auth(emu.adminPat), body: "[]" });
      assert.equal(rest.status, 403);
      const web = await send("/svc.resources.action.v3alpha.SvcActions/ListAvailableExecutionFunctions", host, {
        method: "POST",
        headers: { ...auth(emu.adminPat), "content-type": "application/grpc-web+proto" },
        body: Buffer.from([0, 0, 0, 0, 0]),
      });
      assert.equal(web.status, 403);
    });
  }

  for (const host of [`localhost:${emu.port}`, `127.0.0.1:${emu.port}`, "localhost"]) {
    it(`serves ${host}`, async () => {
      assert.equal((await send("/emulator/v1/events?limit=1", host, { headers: auth(emu.consoleToken) })).status, 200);
      assert.equal((await send("/resources/v3alpha/targets/_search", host, { method: "POST", headers: auth(emu.adminPat), body: "[]" })).status, 200);
    });
  }
});

// Requests whose Host is neither loopback nor an instance domain are refused (DESIGN 11, against
// DNS rebinding) on the control API, the REST resource API and gRPC-web; loopback names work.
// fetch may not set Host, so these requests go through node:http.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator();

function send(path: string, host: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: emu.port, path, method: init.method ?? "GET", headers: { host, ...init.headers } }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

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

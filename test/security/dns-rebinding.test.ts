// DNS rebinding (DESIGN 11): a request whose Host (or HTTP/2 :authority) is neither loopback nor an
// instance domain is refused (403; NotFound over gRPC) on the surfaces test/control/host-header.test.ts does not cover — gRPC
// over HTTP/2, every OIDC endpoint, the login and demo pages under /ui/, and the GCS bucket routes —
// and the same requests with a loopback Host are served.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import * as grpc from "@grpc/grpc-js";
import { requestWithHost, startTestEmulator } from "../helpers/emulator.js";

const emu = await startTestEmulator();
const FOREIGN = ["evil.example", `attacker.test:${emu.port}`, `localhost.evil.example:${emu.port}`];
const auth = { authorization: `Bearer ${emu.adminPat}` };
const form = { "content-type": "application/x-www-form-urlencoded" };

const HTTP_ROUTES: { name: string; path: string; method?: string; headers?: Record<string, string>; body?: string }[] = [
  { name: "discovery", path: "/.well-known/openid-configuration" },
  { name: "key set", path: "/oauth/v2/keys" },
  { name: "authorize", path: "/oauth/v2/authorize?client_id=demo-browser&response_type=code&scope=openid&redirect_uri=http://localhost:3000/callback" },
  { name: "token", path: "/oauth/v2/token", method: "POST", headers: form, body: "grant_type=client_credentials&client_id=demo-worker&client_secret=x" },
  { name: "introspect", path: "/oauth/v2/introspect", method: "POST", headers: form, body: "token=x" },
  { name: "revoke", path: "/oauth/v2/revoke", method: "POST", headers: form, body: "token=x" },
  { name: "device authorization", path: "/oauth/v2/device_authorization", method: "POST", headers: form, body: "client_id=demo-browser" },
  { name: "userinfo", path: "/oidc/v1/userinfo", headers: auth },
  { name: "end session", path: "/oidc/v1/end_session" },
  { name: "login page", path: "/ui/login/login?authRequest=1" },
  { name: "demo page", path: "/ui/demo/" },
  { name: "bucket list (GCS JSON API)", path: "/storage/v1/b?project=p" },
  { name: "bucket object download", path: "/download/storage/v1/b/any/o/x?alt=media" },
];

/** A unary gRPC call over HTTP/2 with the given :authority; resolves with the status. */
function grpcWithAuthority(authority: string): Promise<{ code: number; details: string }> {
  const client = new grpc.Client(`127.0.0.1:${emu.port}`, grpc.credentials.createInsecure(), { "grpc.default_authority": authority });
  const metadata = new grpc.Metadata();
  metadata.set("authorization", `Bearer ${emu.adminPat}`);
  return new Promise((resolve) => {
    client.makeUnaryRequest(
      "/svc.resources.action.v3alpha.SvcActions/ListAvailableExecutionFunctions",
      (b: Buffer) => b,
      (b: Buffer) => b,
      Buffer.alloc(0),
      metadata,
      { deadline: Date.now() + 10_000 },
      (err) => {
        client.close();
        resolve(err ? { code: err.code, details: err.details } : { code: 0, details: "" });
      },
    );
  });
}

describe("DNS rebinding", () => {
  for (const host of FOREIGN) {
    it(`refuses Host ${host} on the OIDC endpoints, the /ui/ pages and the bucket routes`, async () => {
      for (const r of HTTP_ROUTES) {
        const res = await requestWithHost(emu.port, r.path, host, { method: r.method, headers: r.headers, body: r.body });
        assert.equal(res.status, 403, `${r.name} with Host ${host}`);
        assert.doesNotMatch(res.text, /svc-emulator|access_token|issuer/i, `${r.name} leaks nothing`);
      }
    });

    // No browser speaks cleartext HTTP/2, so this is no rebinding path; it is still refused, with
    // gRPC's NotFound for the instance (docs/behaviour.md "Host header").
    it(`refuses :authority ${host} on gRPC over HTTP/2`, async () => {
      const r = await grpcWithAuthority(host);
      assert.equal(r.code, grpc.status.NOT_FOUND);
      assert.match(r.details, /^Instance not found for host/);
    });
  }

  it("serves the same requests with a loopback Host", async () => {
    for (const r of HTTP_ROUTES) {
      const res = await requestWithHost(emu.port, r.path, `localhost:${emu.port}`, { method: r.method, headers: r.headers, body: r.body });
      assert.notEqual(res.status, 403, `${r.name}: ${res.text.slice(0, 200)}`);
      assert.ok(res.status < 500, `${r.name}: ${res.status}`);
    }
    assert.deepEqual(await grpcWithAuthority(`localhost:${emu.port}`), { code: grpc.status.OK, details: "" });
  });
});

// Permissions of every rpc of every service (issue 4: permission tests per service): the
// permission each rpc declares in proto/ (read here with protobufjs) is enforced over gRPC: a user
// without roles gets PermissionDenied (code 7) naming it, an instance owner gets past the check.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import protobuf from "protobufjs";
import { startTestEmulator } from "../helpers/emulator.js";
import { defaultFixtures } from "../helpers/fixtures.js";
import { grpcClient } from "../helpers/grpc-client.js";

const PROTO = fileURLToPath(new URL("../../proto", import.meta.url));
const NOBODY = "nobody-token-0123456789abcdef";
const fixtures = defaultFixtures();
fixtures.instances[0]!.orgs[0]!.users!.push({ type: "machine", username: "nobody", name: "Nobody", personalAccessTokens: [{ token: NOBODY }] });
const emu = await startTestEmulator({ fixtures });

/** Every service file under proto/svc, with each rpc's declared permission. */
function declaredServices(): { file: string; service: string; rpcs: { name: string; permission: string }[] }[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(`${dir}/${e.name}`);
      else if (e.name.endsWith("_service.proto")) files.push(`${dir}/${e.name}`.slice(PROTO.length + 1));
    }
  };
  walk(`${PROTO}/svc`);
  return files.map((file) => {
    const root = new protobuf.Root();
    root.resolvePath = (_o, target) => [PROTO, `${PROTO}/third_party`].map((d) => `${d}/${target}`).find((p) => existsSync(p)) ?? target;
    root.loadSync(`${PROTO}/${file}`);
    const service =
      root.nestedArray.length &&
      (function find(ns: protobuf.NamespaceBase): protobuf.Service | undefined {
        for (const n of ns.nestedArray) {
          if (n instanceof protobuf.Service) return n;
          if (n instanceof protobuf.Namespace) {
            const s = find(n);
            if (s) return s;
          }
        }
        return undefined;
      })(root);
    const svc = service as protobuf.Service;
    return {
      file,
      service: svc.fullName.slice(1),
      rpcs: Object.values(svc.methods).map((m) => {
        const parsed = (m.parsedOptions ?? []) as Record<string, { auth_option?: { permission?: string } }>[];
        const opts = parsed.find((o) => "(svc.protoc_gen_svc.v2.options)" in o);
        return { name: m.name, permission: opts?.["(svc.protoc_gen_svc.v2.options)"]?.auth_option?.permission ?? "authenticated" };
      }),
    };
  });
}

const services = declaredServices();

describe("declared permissions", () => {
  it("finds every service with a permission on every rpc", () => {
    assert.ok(services.length >= 14, `services: ${services.map((s) => s.service).join(", ")}`);
    for (const s of services) for (const r of s.rpcs) assert.match(r.permission, /^[a-z.]+$/, `${s.service}/${r.name}`);
  });
});

for (const s of services) {
  describe(s.service, () => {
    const client = grpcClient(new URL(emu.url).host, s.file, s.service);
    for (const r of s.rpcs) {
      if (r.permission === "authenticated") {
        it(`${r.name} needs only a signed-in user (a context check may still refuse)`, async () => {
          const res = await client.call(r.name, {}, NOBODY);
          assert.ok(res.ok || res.detailId !== "AUTHZ-HKJD33", `${r.name} was refused by the rpc permission: ${res.ok ? "" : res.message}`);
        });
        continue;
      }
      it(`${r.name} needs ${r.permission}`, async () => {
        const denied = await client.call(r.name, {}, NOBODY);
        if (!denied.ok && denied.code === 12) {
          // Declared, not built yet: Unimplemented before any permission check.
          assert.match(denied.message, new RegExp(`${r.name} is not implemented`));
          return;
        }
        assert.ok(!denied.ok && denied.code === 7, `${r.name}: ${JSON.stringify(denied)}`);
        assert.match(denied.message, new RegExp(`needs ${r.permission.replace(/\./g, "\\.")}`));
        const owner = await client.call(r.name, {}, emu.adminPat);
        assert.ok(owner.ok || owner.code !== 7, `the owner is let through ${r.name}`);
      });
    }
    it("closes its client", () => client.close());
  });
}

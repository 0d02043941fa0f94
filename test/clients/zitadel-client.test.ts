// @zitadel/client against the emulator (issue 10): its Node gRPC transport with a bearer token
// (createServerTransport) and its bearer interceptor carry the emulator's own generated svc.*
// services. The library's generated zitadel.* services are not served (the spec renames them), so
// they answer Unimplemented naming the service.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { NewAuthorizationBearerInterceptor, createClientFor } from "@zitadel/client";
import { Code, type ConnectError } from "@connectrpc/connect";
import { createServerTransport } from "@zitadel/client/node";
import { createUserServiceClient } from "@zitadel/client/v2";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { SvcUsers } from "../../emulator/src/gen/svc/resources/user/v3alpha/user_service_pb.js";
import type { Emulator } from "../../emulator/src/index.js";
import { startTestEmulator } from "../helpers/emulator.js";
import { API_SCOPE, generatedKeyFile, idFromEvents, newMachine } from "./setup.js";
import { ServiceAccount } from "@zitadel/node/dist/credentials/index.js";

const emu: Emulator = await startTestEmulator();
const adminSa = await idFromEvents(emu, "user.machine.added", (p) => p.username === "admin-sa");

describe("@zitadel/client transports", () => {
  it("createServerTransport with a PAT calls SvcUsers over gRPC", async () => {
    const users = createClientFor(SvcUsers)(createServerTransport(emu.adminPat, { baseUrl: emu.url }));
    const res = await users.getUser({ id: adminSa });
    assert.equal(res.user?.details?.id, adminSa);
    assert.equal(res.user?.type.case, "machine");
  });

  it("NewAuthorizationBearerInterceptor carries a JWT-profile token; without a token the call is Unauthenticated", async () => {
    const id = await newMachine(emu, "client-sa", true);
    const sa = ServiceAccount.fromJsonString((await generatedKeyFile(emu, `/users/${id}/keys`)).file);
    const token = await sa.authenticate(emu.issuer, { additionalScopes: [API_SCOPE] });
    const users = createClientFor(SvcUsers)(createGrpcTransport({ baseUrl: emu.url, interceptors: [NewAuthorizationBearerInterceptor(token)] }));
    assert.equal((await users.getUser({ id })).user?.loginName, "client-sa@emulator-org.localhost");
    const anonymous = createClientFor(SvcUsers)(createGrpcTransport({ baseUrl: emu.url }));
    await assert.rejects(anonymous.getUser({ id }), (e: ConnectError) => e.code === Code.Unauthenticated && /Authorization header missing/.test(e.message));
  });

  it("the library's zitadel.user.v2 client answers Unimplemented: the emulator serves svc.* services", async () => {
    const users = createUserServiceClient(createServerTransport(emu.adminPat, { baseUrl: emu.url }));
    await assert.rejects(
      users.getUserByID({ userId: adminSa }),
      (e: ConnectError) => e.code === Code.Unimplemented && /zitadel\.user\.v2\.UserService/.test(e.message),
    );
  });
});

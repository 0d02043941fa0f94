// Faults on the resource and admin API (issue 29), on all three transports through real clients:
// an rpc status (REST JSON, gRPC trailers through @grpc/grpc-js, gRPC-web through connect-web),
// UNAVAILABLE and DEADLINE_EXCEEDED (as a code, and as a delay beyond the client's deadline), an
// HTTP status (as REST sends it; as gRPC clients map it), a dropped connection, a body cut short
// (REST JSON, a gRPC and gRPC-web message frame), a whole service, the admin API, one user, one
// client; and the journal counts each call once.

import { describe, it, beforeEach, after } from "node:test";
import assert from "node:assert/strict";
import { create, toBinary } from "@bufbuild/protobuf";
import { GetUserRequestSchema, SvcUsers } from "../../emulator/src/gen/svc/resources/user/v3alpha/user_service_pb.js";
import { AdminService } from "../../emulator/src/gen/svc/admin/v1/admin_pb.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";
import { request } from "../helpers/emulator.js";
import type { Outcome } from "../helpers/transports.js";
import { faultControl } from "../helpers/faults.js";

const { emu, ctl, control, pat, transports, seededId } = await setUpResourceTest();
const users = transports({
  service: SvcUsers,
  protoFile: "svc/resources/user/v3alpha/user_service.proto",
  routes: { GetUser: { verb: "GET", path: `${B}/users/{id}` } },
});
const admin = transports({
  service: AdminService,
  protoFile: "svc/admin/v1/admin.proto",
  routes: { ExportData: { verb: "POST", path: "/admin/v1/export", body: "*" } },
});
after(() => {
  users.close();
  admin.close();
});
const GET_USER = "/svc.resources.user.v3alpha.SvcUsers/GetUser";
const alice = await seededId("user.human.added", (p) => p.username === "alice");

const { add: addFault, hits } = faultControl(control);
const failure = (o: Outcome) => {
  assert.equal(o.ok, false, JSON.stringify(o));
  return o as Extract<Outcome, { ok: false }>;
};

beforeEach(async () => {
  await ctl("/faults", { method: "DELETE" });
  await ctl("/requests", { method: "DELETE" });
});

describe("faults on the resource API", () => {
  for (const t of users.all) {
    it(`${t.name}: GetUser answers UNAVAILABLE with the fault's message, once`, async () => {
      const f = await addFault({ where: { method: GET_USER }, what: { kind: "rpcError", code: "UNAVAILABLE", message: "users are down" }, times: 1 });
      const e = failure(await t.call("GetUser", { id: alice }, pat));
      assert.deepEqual([e.code, e.message], [14, "users are down"]);
      if (t.name === "rest") assert.deepEqual([e.httpStatus, e.body], [503, { code: 14, message: "users are down" }]);
      assert.equal((await t.call("GetUser", { id: alice }, pat)).ok, true);
      assert.equal(await hits(f.id), 1);
    });

    it(`${t.name}: a DEADLINE_EXCEEDED status, and a delay beyond the client's deadline`, async () => {
      await addFault({ where: { service: "svc.resources.user.v3alpha.SvcUsers" }, what: { kind: "rpcError", code: 4 }, times: 1 });
      assert.equal(failure(await t.call("GetUser", { id: alice }, pat)).code, 4);
      if (t.name === "rest") return; // REST has no deadline of its own
      await addFault({ where: { method: GET_USER }, what: { kind: "delay", ms: 1500 }, times: 1 });
      assert.equal(failure(await t.call("GetUser", { id: alice }, pat, { deadlineMs: 200 })).code, 4);
      // The server finishes the delayed call on its own: let it, before the emulator closes.
      await new Promise((r) => setTimeout(r, 1500));
    });

    it(`${t.name}: an HTTP 503 as the transport's client meets it`, async () => {
      await addFault({ where: { method: GET_USER }, what: { kind: "http", status: 503, body: "upstream down", retryAfter: 2 }, times: 1 });
      if (t.name === "rest") {
        const r = await request(`${emu.url}${B}/users/${alice}`, { token: pat });
        assert.deepEqual(
          [r.status, r.text, r.headers.get("retry-after"), r.headers.get("content-type")],
          [503, "upstream down", "2", "text/plain; charset=utf-8"],
        );
      } else assert.equal(failure(await t.call("GetUser", { id: alice }, pat)).code, 14, "gRPC maps HTTP 503 to UNAVAILABLE");
    });

    it(`${t.name}: a dropped connection fails the call, and the next one works`, async () => {
      await addFault({ where: { method: GET_USER }, what: { kind: "drop" }, times: 1 });
      if (t.name === "rest") await assert.rejects(request(`${emu.url}${B}/users/${alice}`, { token: pat }));
      // grpc-js reports a closed connection as UNAVAILABLE; connect-web, whose fetch fails, as UNKNOWN, as for a server that died (drop.test.ts).
      else assert.equal(failure(await t.call("GetUser", { id: alice }, pat)).code, t.name === "grpc" ? 14 : 2);
      assert.equal((await t.call("GetUser", { id: alice }, pat)).ok, true);
    });
  }

  it("cuts the body short on every transport, as each client meets a cut body", async () => {
    const f = await addFault({ where: { method: GET_USER }, what: { kind: "truncate" }, times: 3 });
    const r = await request(`${emu.url}${B}/users/${alice}`, { token: pat });
    assert.equal(r.status, 200);
    assert.equal(r.body, undefined);
    assert.ok(r.text.startsWith('{"user":'), r.text);
    const [grpc, web] = [users.all.find((t) => t.name === "grpc")!, users.all.find((t) => t.name === "grpc-web")!];
    // grpc-js: the status trailers say OK, but the message frame never completes.
    assert.deepEqual(failure(await grpc.call("GetUser", { id: alice }, pat)), { ok: false, code: 12, message: "No message received", detailId: undefined });
    // connect-web: the body ends inside the frame its length prefix announced.
    assert.deepEqual(failure(await web.call("GetUser", { id: alice }, pat)), {
      ok: false,
      code: 3,
      message: "protocol error: incomplete envelope",
      detailId: undefined,
    });
    assert.equal(await hits(f.id), 3);
    for (const t of users.all) assert.equal((await t.call("GetUser", { id: alice }, pat)).ok, true, `${t.name} after the fault`);
    const journal = (await control.requests({ query: { faultId: f.id } })).body;
    assert.deepEqual(
      journal.requests.map((e) => [e.transport, e.status, e.code]),
      [
        ["rest", 200, "OK"],
        ["grpc", null, "OK"],
        ["grpc-web", null, "OK"],
      ],
    );
  });

  it("on the wire, a truncated gRPC-web body is a length prefix larger than the bytes sent, and no trailer frame", async () => {
    await addFault({ where: { method: GET_USER }, what: { kind: "truncate" }, times: 1 });
    const message = toBinary(GetUserRequestSchema, create(GetUserRequestSchema, { id: alice }));
    const frame = Buffer.concat([Buffer.from([0, 0, 0, 0, 0]), message]);
    frame.writeUInt32BE(message.length, 1);
    const call = () =>
      fetch(`${emu.url}/svc.resources.user.v3alpha.SvcUsers/GetUser`, {
        method: "POST",
        headers: { "content-type": "application/grpc-web+proto", authorization: `Bearer ${pat}` },
        body: frame,
      });
    const cut = Buffer.from(await (await call()).arrayBuffer());
    const whole = Buffer.from(await (await call()).arrayBuffer());
    const announced = whole.readUInt32BE(1);
    assert.equal(cut.readUInt32BE(1), announced, "the prefix still announces the whole message");
    assert.equal(cut.length, Math.floor((5 + announced) / 2), "half the frame is sent, and nothing after it");
    assert.deepEqual(cut, whole.subarray(0, cut.length));
    assert.equal(whole[5 + announced], 0x80, "an answer without the fault ends with its trailer frame");
  });

  it("narrows to a user: another caller is not touched", async () => {
    await addFault({ where: { method: GET_USER, userId: "not-the-admin" }, what: { kind: "rpcError", code: 14 } });
    for (const t of users.all) assert.equal((await t.call("GetUser", { id: alice }, pat)).ok, true, t.name);
  });

  it("narrows to the client of the caller's token: an app's OIDC token, a PAT's machine user; the journal names both", async () => {
    const form = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: "demo-worker",
      client_secret: "demo-worker-secret",
      scope: "openid urn:svc:iam:org:project:id:svc:aud",
    });
    const issued = await request(`${emu.url}/oauth/v2/token`, { method: "POST", body: form });
    assert.equal(issued.status, 200, issued.text);
    const workerToken = (issued.body as { access_token: string }).access_token;
    const f = await addFault({ where: { method: GET_USER, clientId: "demo-worker" }, what: { kind: "rpcError", code: "UNAVAILABLE", message: "not for you" } });
    for (const t of users.all) {
      const e = failure(await t.call("GetUser", { id: alice }, workerToken));
      assert.deepEqual([e.code, e.message], [14, "not for you"], t.name);
      // The admin PAT belongs to the machine user admin-sa: another client.
      assert.equal((await t.call("GetUser", { id: alice }, pat)).ok, true, t.name);
    }
    assert.equal(await hits(f.id), 3);
    await addFault({ where: { method: GET_USER, clientId: "admin-sa" }, what: { kind: "rpcError", code: "ABORTED" }, times: 1 });
    assert.equal(failure(await users.all[0]!.call("GetUser", { id: alice }, pat)).code, 10);
    const byClient = async (clientId: string) =>
      (await control.requests({ query: { endpoint: GET_USER, clientId } })).body.requests.map((r) => [r.transport, r.code]);
    assert.deepEqual(await byClient("demo-worker"), [
      ["rest", "UNAVAILABLE"],
      ["grpc", "UNAVAILABLE"],
      ["grpc-web", "UNAVAILABLE"],
    ]);
    assert.deepEqual(await byClient("admin-sa"), [
      ["rest", "OK"],
      ["grpc", "OK"],
      ["grpc-web", "OK"],
      ["rest", "ABORTED"],
    ]);
  });

  it("faults the admin API as a whole", async () => {
    const f = await addFault({ where: { admin: true }, what: { kind: "rpcError", code: "RESOURCE_EXHAUSTED", message: "export quota" } });
    for (const t of admin.all) {
      const e = failure(await t.call("ExportData", {}, pat));
      assert.deepEqual([e.code, e.message], [8, "export quota"], t.name);
    }
    assert.equal(await hits(f.id), 3);
    const journal = (await control.requests({ query: { surface: "admin" } })).body;
    assert.deepEqual(
      journal.requests.map((r) => [r.transport, r.endpoint, r.code, r.faultId]),
      ["rest", "grpc", "grpc-web"].map((t) => [t, "/svc.admin.v1.AdminService/ExportData", "RESOURCE_EXHAUSTED", f.id]),
    );
  });
});

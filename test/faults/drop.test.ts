// A `drop` fault is a real dropped connection (issue 29): each client of the resource API meets the
// emulator's drop exactly as it meets a server process that dies while the call is in flight
// (a child process that exits once it has read the request, before it answers): fetch (REST),
// connect-web's gRPC-web transport (UNKNOWN "fetch failed", the socket closed by the other side)
// and @grpc/grpc-js (UNAVAILABLE).

import { describe, it, after, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createClient, ConnectError } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { SvcUsers } from "../../emulator/src/gen/svc/resources/user/v3alpha/user_service_pb.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";
import { grpcClient } from "../helpers/grpc-client.js";
import { faultControl, refusal } from "../helpers/faults.js";

const { emu, ctl, control, pat, seededId } = await setUpResourceTest();
const alice = await seededId("user.human.added", (p) => p.username === "alice");
const GET_USER = "/svc.resources.user.v3alpha.SvcUsers/GetUser";
const PROTO = "svc/resources/user/v3alpha/user_service.proto";

const children: ChildProcess[] = [];
after(() => {
  for (const c of children) c.kill();
});

/** A server (HTTP/1.1 or cleartext HTTP/2) in a child process that exits as soon as it has read a request: a real crash mid-call. */
async function dyingServer(kind: "http" | "http2"): Promise<string> {
  const make = kind === "http" ? "require('node:http').createServer()" : "require('node:http2').createServer()";
  const code = `const s=${make};s.on('request',(q)=>{q.resume();q.on('end',()=>process.exit(1))});s.listen(0,'127.0.0.1',()=>console.log(s.address().port))`;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  const exited = once(child, "exit").then(() => assert.fail("the server exited before it listened"));
  const [line] = await Promise.race([once(child.stdout!, "data"), exited]);
  return `127.0.0.1:${Number(String(line).trim())}`;
}

/** What a client reports: the code and message, and the cause's chain (names, codes, messages). */
function described(e: unknown): unknown {
  const chain: unknown[] = [];
  for (let c = (e as { cause?: unknown }).cause; c instanceof Error && chain.length < 4; c = c.cause) {
    chain.push([c.name, (c as { code?: unknown }).code, c.message]);
  }
  const err = e instanceof ConnectError ? e : undefined;
  return { code: err?.code, message: err ? err.rawMessage : (e as Error).message, chain };
}

const faults = faultControl(control);
const dropNext = () => faults.add({ where: { method: GET_USER }, what: { kind: "drop" }, times: 1 });
const failed = (p: Promise<unknown>) => refusal<unknown>(p);

beforeEach(async () => {
  await ctl("/faults", { method: "DELETE" });
});

describe("a dropped connection, as a crashed server drops it", () => {
  it("gRPC-web: connect-web reports UNKNOWN, fetch failed, the other side closed the socket", async () => {
    const call = (base: string, token?: string) =>
      createClient(SvcUsers, createGrpcWebTransport({ baseUrl: base })).getUser(
        { id: alice },
        { headers: token ? { authorization: `Bearer ${token}` } : {}, timeoutMs: 10_000 },
      );
    const real = described(await failed(call(`http://${await dyingServer("http")}`)));
    await dropNext();
    const dropped = described(await failed(call(emu.url, pat)));
    assert.deepEqual(dropped, real);
    assert.deepEqual(dropped, {
      code: 2,
      message: "fetch failed",
      chain: [
        ["TypeError", undefined, "fetch failed"],
        ["SocketError", "UND_ERR_SOCKET", "other side closed"],
      ],
    });
  });

  it("REST: fetch fails as it does when the server dies", async () => {
    const call = (base: string, token?: string) =>
      fetch(`${base}${B}/users/${alice}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(10_000) });
    const real = described(await failed(call(`http://${await dyingServer("http")}`)));
    await dropNext();
    assert.deepEqual(described(await failed(call(emu.url, pat))), real);
  });

  it("gRPC: @grpc/grpc-js reports UNAVAILABLE, as for a server that died", async () => {
    const real = grpcClient(await dyingServer("http2"), PROTO, SvcUsers.typeName);
    const ours = grpcClient(new URL(emu.url).host, PROTO, SvcUsers.typeName);
    try {
      const fromReal = await real.call("GetUser", { id: alice }, pat);
      await dropNext();
      const fromOurs = await ours.call("GetUser", { id: alice }, pat);
      assert.equal(fromReal.ok, false);
      assert.deepEqual(fromOurs, fromReal);
      assert.equal((fromOurs as { code: number }).code, 14);
      // The next call opens a new connection and is answered.
      assert.equal((await ours.call("GetUser", { id: alice }, pat)).ok, true);
    } finally {
      real.close();
      ours.close();
    }
  });
});

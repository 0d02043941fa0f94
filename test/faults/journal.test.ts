// The request journal (issue 29): every request to the OIDC endpoints, the resource API and the
// admin API, per instance, with filters, a count, clearing and a live stream; its counts match
// what a test sent (REST, gRPC and gRPC-web alike); it holds no secret (searched for the values);
// entries past the retention period on the emulator clock are pruned.

import { describe, it, beforeEach, after } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { SvcUsers } from "../../emulator/src/gen/svc/resources/user/v3alpha/user_service_pb.js";
import { B, setUpResourceTest } from "../helpers/resource-test.js";
import { control, request, requestWithHost, startTestEmulator } from "../helpers/emulator.js";
import { withAcme } from "../helpers/fixtures.js";
import type { JournalEntry } from "../../emulator/src/index.js";

const { emu, ctl, control: typed, pat, transports, seededId } = await setUpResourceTest({ fixtures: withAcme(), retention: "1h" });
const users = transports({
  service: SvcUsers,
  protoFile: "svc/resources/user/v3alpha/user_service.proto",
  routes: { GetUser: { verb: "GET", path: `${B}/users/{id}` } },
});
after(() => users.close());
const alice = await seededId("user.human.added", (p) => p.username === "alice");
const GET_USER = "/svc.resources.user.v3alpha.SvcUsers/GetUser";

type Entry = JournalEntry;
/** The journal with a query written by hand. */
const journal = async (q = "") => {
  const r = await ctl.as("requests", `/requests${q}`);
  assert.equal(r.status, 200, r.text);
  return r.body;
};
const count = async (q = "") => (await ctl.as("requestCount", `/requests/count${q}`)).body.count;
const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});
const workerToken = async () => {
  const r = await request(
    `${emu.url}/oauth/v2/token`,
    form({ grant_type: "client_credentials", client_id: "demo-worker", client_secret: "demo-worker-secret" }),
  );
  assert.equal(r.status, 200, r.text);
  return (r.body as { access_token: string }).access_token;
};

beforeEach(async () => {
  await ctl("/requests", { method: "DELETE" });
});

describe("the request journal", () => {
  it("is empty after clearing, and counts 0", async () => {
    assert.deepEqual(await journal(), { requests: [], count: 0 });
    assert.equal(await count(), 0);
  });

  it("counts exactly what was sent, on every surface and transport", async () => {
    await workerToken();
    await workerToken();
    await request(`${emu.url}/.well-known/openid-configuration`);
    for (const t of users.all) for (let i = 0; i < 2; i++) assert.equal((await t.call("GetUser", { id: alice }, pat)).ok, true, t.name);
    assert.equal(await count("?endpoint=token"), 2);
    assert.equal(await count("?endpoint=token&clientId=demo-worker"), 2);
    assert.equal(await count("?endpoint=token&clientId=demo-browser"), 0);
    assert.equal(await count("?endpoint=discovery"), 1);
    assert.equal(await count(`?endpoint=${encodeURIComponent(GET_USER)}`), 6);
    assert.equal(await count("?endpoint=svc.resources.user.v3alpha.SvcUsers"), 6, "a service names its rpcs");
    const rpcs = (await journal(`?endpoint=${encodeURIComponent(GET_USER)}`)).requests;
    assert.deepEqual(
      rpcs.map((e) => [e.surface, e.transport, e.status, e.code]),
      [
        ["resource", "rest", 200, "OK"],
        ["resource", "rest", 200, "OK"],
        ["resource", "grpc", null, "OK"],
        ["resource", "grpc", null, "OK"],
        ["resource", "grpc-web", null, "OK"],
        ["resource", "grpc-web", null, "OK"],
      ],
    );
    const adminUser = rpcs[0]!.userId;
    assert.ok(adminUser && rpcs.every((e) => e.userId === adminUser && e.faultId === null && e.durationMs >= 0));
    const token = (await journal("?endpoint=token")).requests;
    assert.deepEqual(
      token.map((e) => [e.surface, e.transport, e.status, e.clientId, e.faultId]),
      [
        ["oidc", "http", 200, "demo-worker", null],
        ["oidc", "http", 200, "demo-worker", null],
      ],
    );
    assert.ok(token[0]!.userId, "the machine user the token was issued to");
    assert.equal((await journal()).count, 9);
    const seqs = (await journal()).requests.map((e) => e.seq);
    assert.deepEqual(
      seqs,
      [...seqs].sort((a, b) => a - b),
      "oldest first",
    );
  });

  it("records failures and the fault that answered", async () => {
    const f = (await typed.addFault({ body: { where: { method: GET_USER }, what: { kind: "rpcError", code: "NOT_FOUND" }, times: 1 } })).body.fault;
    const grpc = users.all.find((t) => t.name === "grpc")!;
    await grpc.call("GetUser", { id: alice }, pat);
    await grpc.call("GetUser", { id: alice }, "not-a-token");
    const [faulted, unauthenticated] = (await journal()).requests;
    assert.deepEqual([faulted!.code, faulted!.faultId], ["NOT_FOUND", f.id]);
    assert.deepEqual([unauthenticated!.code, unauthenticated!.faultId, unauthenticated!.userId], ["UNAUTHENTICATED", null, null]);
    assert.equal(await count(`?faultId=${f.id}`), 1);
    const bad = await request(`${emu.url}/oauth/v2/token`, form({ grant_type: "client_credentials", client_id: "demo-worker", client_secret: "wrong" }));
    assert.equal(bad.status, 401);
    assert.deepEqual(
      (await journal("?surface=oidc")).requests.map((e) => [e.endpoint, e.status, e.clientId]),
      [["token", 401, "demo-worker"]],
    );
    await ctl("/faults", { method: "DELETE" });
  });

  it("holds no secret: no client secret, password, token value or code", async () => {
    const access = await workerToken();
    await request(`${emu.url}/oauth/v2/introspect`, {
      ...form({ token: access }),
      headers: { ...form({}).headers, authorization: `Basic ${Buffer.from("demo-api:demo-api-secret").toString("base64")}` },
    });
    await request(`${emu.url}/oidc/v1/userinfo`, { token: access });
    await request(`${emu.url}/oauth/v2/revoke`, form({ token: access, client_id: "demo-worker", client_secret: "demo-worker-secret" }));
    for (const t of users.all) await t.call("GetUser", { id: alice }, pat);
    const authorize = new URLSearchParams({
      client_id: "demo-browser",
      redirect_uri: "http://localhost:3000/callback",
      response_type: "code",
      scope: "openid",
      code_challenge: "a".repeat(43),
      code_challenge_method: "S256",
    });
    const login = await request(`${emu.url}/oauth/v2/authorize?${authorize}`, { redirect: "manual" });
    const loginPage = new URL(login.headers.get("location")!, emu.url);
    const signedIn = await request(loginPage.toString(), {
      ...form({ authRequest: loginPage.searchParams.get("authRequest")!, loginName: "alice", password: "Password1!" }),
      redirect: "manual",
    });
    const code = new URL(signedIn.headers.get("location")!).searchParams.get("code")!;
    assert.ok(code);
    const all = JSON.stringify(await journal());
    assert.equal((await journal()).count >= 9, true);
    for (const secret of ["demo-worker-secret", "demo-api-secret", "Password1!", access, pat, emu.consoleToken, code, "Basic "])
      assert.ok(!all.includes(secret), `the journal holds ${secret.slice(0, 12)}…`);
    // The control API's own requests are not journaled.
    assert.ok(!all.includes("/emulator/v1"));
  });

  it("keeps each instance's requests apart, clears one instance, and filters by time", async () => {
    const instances = (await typed.instances()).body.instances;
    const acme = instances.find((i) => i.name === "Acme")!.id;
    const own = instances.find((i) => i.name !== "Acme")!.id;
    await requestWithHost(emu.port, "/.well-known/openid-configuration", `acme.localhost:${emu.port}`);
    await request(`${emu.url}/.well-known/openid-configuration`);
    assert.deepEqual([await count(`?instanceId=${acme}`), await count(`?instanceId=${own}`)], [1, 1]);
    const mark = (await journal()).requests[1]!;
    assert.deepEqual(
      (await journal(`?after=${mark.seq - 1}`)).requests.map((e) => e.instanceId),
      [own],
    );
    assert.equal(await count(`?since=${encodeURIComponent(new Date(Date.parse(mark.at) + 60_000).toISOString())}`), 0);
    assert.equal((await journal("?limit=1")).requests.length, 1);
    assert.equal((await journal("?limit=1")).count, 2);
    assert.deepEqual((await ctl(`/requests?instanceId=${acme}`, { method: "DELETE" })).body, { cleared: 1 });
    assert.deepEqual([await count(`?instanceId=${acme}`), await count(`?instanceId=${own}`)], [0, 1]);
  });

  it("refuses a bad filter with 400", async () => {
    assert.equal((await ctl("/requests?limit=0")).status, 400);
    assert.equal((await ctl("/requests?surface=ftp")).status, 400);
    assert.equal((await ctl("/requests?since=yesterday")).status, 400);
    assert.equal((await ctl("/requests?color=red")).status, 400);
  });

  it("streams each request as a server-sent event", async () => {
    const events: Entry[] = [];
    const stream = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${emu.url}/emulator/v1/requests/stream?endpoint=jwks`, { headers: { authorization: `Bearer ${emu.consoleToken}` } }, resolve),
    );
    assert.equal(stream.headers["content-type"], "text/event-stream");
    let buffered = "";
    const two = new Promise<void>((resolve) =>
      stream.on("data", (c: Buffer) => {
        buffered += c.toString();
        for (const m of buffered.matchAll(/event: request\nid: \d+\ndata: (.*)\n\n/g))
          if (!events.some((e) => e.seq === JSON.parse(m[1]!).seq)) events.push(JSON.parse(m[1]!));
        if (events.length === 2) resolve();
      }),
    );
    await request(`${emu.url}/oauth/v2/keys`);
    await request(`${emu.url}/.well-known/openid-configuration`);
    await request(`${emu.url}/oauth/v2/keys`);
    await two;
    stream.destroy();
    assert.deepEqual(
      events.map((e) => [e.endpoint, e.status]),
      [
        ["jwks", 200],
        ["jwks", 200],
      ],
    );
  });

  it("prunes entries older than the retention period on the emulator clock", async () => {
    await request(`${emu.url}/oauth/v2/keys`);
    assert.equal(await count(), 1);
    await ctl("/clock/_advance", { method: "POST", json: { by: "59m" } });
    assert.equal(await count(), 1);
    await ctl("/clock/_advance", { method: "POST", json: { by: "2m" } });
    try {
      assert.equal(await count(), 0);
    } finally {
      await ctl("/clock/_reset", { method: "POST" });
    }
  });

  it("is there on the library handle too", async () => {
    const other = await startTestEmulator();
    const seen: string[] = [];
    const off = other.requests.on((e) => seen.push(e.endpoint));
    await request(`${other.url}/oauth/v2/keys`);
    off();
    await request(`${other.url}/oauth/v2/keys`);
    assert.deepEqual(seen, ["jwks"]);
    assert.equal(other.requests.count({ endpoint: "jwks" }), 2);
    assert.equal(other.requests.list()[0]!.endpoint, "jwks");
    assert.equal(other.requests.clear(), 2);
    assert.equal(other.requests.count(), 0);
    assert.equal((await control(other)("/requests/count")).status, 200);
  });
});

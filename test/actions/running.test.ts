// Executions that run (issue 5, wire-facts 1.6–1.9): request and response targets around rpcs on
// every transport, target types, async, timeout, interrupt on and off, forwarded errors, the most
// specific match and includes, event executions, and the signature checked by the test's own HMAC.

import { describe, it, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import type { JsonObject } from "@bufbuild/protobuf";
import { fails, ok } from "../helpers/assertions.js";
import { startTargetServer } from "../helpers/target-server.js";
import { actionsSetup } from "./setup.js";

const { emu, transports, instanceId, ctl } = await actionsSetup();
const pat = emu.adminPat;
const SVC = "svc.resources.action.v3alpha.SvcActions";
const rest = transports.find((t) => t.name === "rest")!;
const server = await startTargetServer();

/** Creates a target pointing at `path` of the test server; returns its id. */
async function target(
  name: string,
  path: string,
  opts: { type?: "webhook" | "rr"; timeout?: string; isAsync?: boolean; interruptOnError?: boolean } = {},
): Promise<string> {
  const kind = opts.type === "rr" ? "restRequestResponse" : "restWebhook";
  const body = ok(
    await rest.call(
      "CreateTarget",
      {
        target: {
          name,
          [kind]: { url: server.url(path) },
          timeout: opts.timeout ?? "5s",
          ...(opts.isAsync ? { isAsync: true } : {}),
          ...(opts.interruptOnError ? { interruptOnError: true } : {}),
        },
      },
      pat,
    ),
    201,
  );
  return (body.details as { id: string }).id;
}

const put = async (condition: JsonObject, targets: string[], includes: string[] = []) =>
  ok(await rest.call("PutExecution", { execution: { condition, targets, includes } }, pat));

/** The test's own check of `Svc-Signature: t=<unix>,v1=<hex HMAC-SHA256(key, "t.body")>`. */
function verifySignature(header: string | undefined, key: string, raw: string): boolean {
  const parts = Object.fromEntries((header ?? "").split(",").map((kv) => kv.split("=") as [string, string]));
  const expected = createHmac("sha256", key).update(`${parts.t}.${raw}`).digest("hex");
  return parts.v1 === expected && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
}

const calls = async (query = "") => (await ctl.as("targetCalls", `/target-calls${query}`)).body.calls;
const until = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
};

beforeEach(async () => {
  assert.equal((await ctl("/reset", { method: "POST" })).status, 200);
  server.clear();
});

describe("request and response executions", () => {
  for (const t of transports) {
    it(`call a request webhook before GetTarget over ${t.name}, with the caller's context and a valid signature`, async () => {
      const hook = await target("hook", "/hook");
      await put({ request: { method: `/${SVC}/GetTarget` } }, [hook]);
      const got = ok(await t.call("GetTarget", { id: hook }, pat));
      const key = (got.target as { signingKey: string }).signingKey;
      const [call] = server.to("/hook");
      assert.ok(call, "the target was called");
      assert.equal(server.to("/hook").length, 1);
      assert.deepEqual(Object.keys(call.body).sort(), ["fullMethod", "instanceID", "orgID", "request", "userID"]);
      assert.equal(call.body.fullMethod, `/${SVC}/GetTarget`);
      assert.equal(call.body.instanceID, instanceId);
      assert.deepEqual(call.body.request, { id: hook });
      assert.equal(call.headers["content-type"], "application/json");
      assert.equal(typeof key, "string");
      assert.ok(verifySignature(call.headers["svc-signature"] as string, key as string, call.raw), `signature ${String(call.headers["svc-signature"])}`);
      assert.ok(!verifySignature(call.headers["svc-signature"] as string, `${key as string}x`, call.raw), "another key does not verify");
    });
  }

  for (const t of transports) {
    it(`call a response webhook after GetTarget over ${t.name}, with the request's keys plus the response`, async () => {
      const hook = await target("hook", "/hook");
      await put({ response: { method: `/${SVC}/GetTarget` } }, [hook]);
      const got = ok(await t.call("GetTarget", { id: hook }, pat));
      const [call] = server.to("/hook");
      assert.ok(call, "the target was called");
      assert.deepEqual(Object.keys(call.body), ["fullMethod", "instanceID", "orgID", "userID", "request", "response"]);
      assert.equal(call.body.fullMethod, `/${SVC}/GetTarget`);
      assert.equal(call.body.instanceID, instanceId);
      assert.deepEqual(call.body.request, { id: hook });
      assert.deepEqual(call.body.response, got);
    });
  }

  it("gives response targets the request the handler ran with, as request targets replaced it", async () => {
    const other = await target("other", "/unused");
    const rr = await target("rewriter", "/rr", { type: "rr" });
    const hook = await target("hook", "/hook");
    server.answer("/rr", { body: { id: other } });
    await put({ request: { method: `/${SVC}/GetTarget` } }, [rr]);
    await put({ response: { method: `/${SVC}/GetTarget` } }, [hook]);
    ok(await rest.call("GetTarget", { id: rr }, pat));
    const [call] = server.to("/hook");
    assert.deepEqual(call!.body.request, { id: other });
    assert.equal((call!.body.response as { target: { target: { name: string } } }).target.target.name, "other");
  });

  it("lets a rest_request_response target replace the request before the handler runs", async () => {
    const other = await target("other", "/unused");
    const rr = await target("rewriter", "/rr", { type: "rr" });
    server.answer("/rr", { body: { id: other } });
    await put({ request: { method: `/${SVC}/GetTarget` } }, [rr]);
    const got = ok(await rest.call("GetTarget", { id: rr }, pat));
    assert.equal((got.target as { target: { name: string } }).target.name, "other", "the handler saw the replaced request");
  });

  it("lets a rest_request_response target replace the response, and the next target sees the replaced one", async () => {
    const rr = await target("rewriter", "/rr", { type: "rr" });
    const after = await target("after", "/after");
    await put({ response: { method: `/${SVC}/GetTarget` } }, [rr, after]);
    server.answer("/rr", { body: { target: { target: { name: "from the target", restWebhook: { url: "http://x/" }, timeout: "1s" } } } });
    const got = ok(await rest.call("GetTarget", { id: rr }, pat));
    assert.deepEqual(got, { target: { target: { name: "from the target", restWebhook: { url: "http://x/" }, timeout: "1s" } } });
    const [seen] = server.to("/after");
    assert.deepEqual(seen!.body.response, got);
    // The response target saw the handler's answer, including the details.
    assert.equal((server.to("/rr")[0]!.body.response as { target: { details: { id: string } } }).target.details.id, rr);
  });

  it("refuses a request answer that is not JSON with FailedPrecondition", async () => {
    const rr = await target("rewriter", "/rr", { type: "rr", interruptOnError: true });
    server.answer("/rr", { body: "not json" });
    await put({ request: { method: `/${SVC}/GetTarget` } }, [rr]);
    fails(await rest.call("GetTarget", { id: rr }, pat), 9, 400, /answered no valid JSON/, "ACTION-4m9s2");
  });

  it("with interrupt_on_error, a failing request target stops the call before the handler: nothing is stored", async () => {
    const failing = await target("failing", "/fail", { interruptOnError: true });
    const next = await target("next", "/next");
    server.answer("/fail", { status: 500 });
    await put({ request: { method: `/${SVC}/CreateTarget` } }, [failing, next]);
    const before = (await ctl.as("events", "/events?type=target.added&limit=1000")).body.events.length;
    fails(
      await rest.call("CreateTarget", { target: { name: "blocked", restWebhook: { url: "http://x/" }, timeout: "1s" } }, pat),
      9,
      400,
      /Execution failed: target failing answered 500/,
      "EXEC-dra6yamk98",
    );
    assert.equal((await ctl.as("events", "/events?type=target.added&limit=1000")).body.events.length, before);
    assert.equal(server.to("/next").length, 0, "the next target did not run");
  });

  it("without interrupt_on_error, a failing target is recorded and the next target and the handler run", async () => {
    const failing = await target("failing", "/fail");
    const next = await target("next", "/next");
    server.answer("/fail", { status: 503 });
    await put({ request: { method: `/${SVC}/CreateTarget` } }, [failing, next]);
    ok(await rest.call("CreateTarget", { target: { name: "created", restWebhook: { url: "http://x/" }, timeout: "1s" } }, pat), 201);
    assert.equal(server.to("/next").length, 1);
    const recorded = await calls(`?target_id=${failing}`);
    assert.equal(recorded.length, 1);
    assert.equal(recorded[0]!.status, 503);
    assert.match(recorded[0]!.error as string, /answered 503/);
  });

  it("follows redirects: the POST and its body reach the new location", async () => {
    const moved = await target("moved", "/old", { type: "rr", interruptOnError: true });
    const other = await target("other", "/unused");
    server.answer("/old", { status: 307, headers: { location: server.url("/new") } });
    server.answer("/new", { body: { id: other } });
    await put({ request: { method: `/${SVC}/GetTarget` } }, [moved]);
    const got = ok(await rest.call("GetTarget", { id: moved }, pat));
    assert.equal((got.target as { target: { name: string } }).target.name, "other");
    assert.deepEqual(server.to("/new")[0]!.body, server.to("/old")[0]!.body);
  });

  it("with interrupt_on_error, a failing response target turns the handler's answer into the error", async () => {
    const failing = await target("failing", "/fail", { interruptOnError: true });
    server.answer("/fail", { status: 500 });
    await put({ response: { method: `/${SVC}/CreateTarget` } }, [failing]);
    fails(
      await rest.call("CreateTarget", { target: { name: "stored", restWebhook: { url: "http://x/" }, timeout: "1s" } }, pat),
      9,
      400,
      /target failing answered 500/,
      "EXEC-dra6yamk98",
    );
    // The handler ran before the response target: the target exists.
    const found = ok(await rest.call("SearchTargets", { filters: [{ name: { name: "stored" } }] }, pat));
    assert.equal((found.result as unknown[]).length, 1);
  });

  it("maps a forwarded 4xx error to its gRPC code and message, and a forwarded 5xx to FailedPrecondition", async () => {
    const fwd = await target("forwarder", "/fwd", { interruptOnError: true });
    await put({ request: { method: `/${SVC}/GetTarget` } }, [fwd]);
    server.answer("/fwd", { body: { forwardedStatusCode: 403, forwardedErrorMessage: "not on my watch" } });
    fails(await rest.call("GetTarget", { id: fwd }, pat), 7, 403, /not on my watch/, "EXEC-reUaUZCzCp");
    server.answer("/fwd", { body: { forwardedStatusCode: 502, forwardedErrorMessage: "upstream down" } });
    fails(await rest.call("GetTarget", { id: fwd }, pat), 9, 400, /upstream down/, "EXEC-bmhNhpcqpF");
    server.answer("/fwd", { body: { forwardedErrorMessage: "a message alone" } });
    fails(await rest.call("GetTarget", { id: fwd }, pat), 9, 400, /a message alone/, "EXEC-bmhNhpcqpF");
  });

  it("enforces the target's timeout", async () => {
    const slow = await target("slow", "/slow", { timeout: "0.2s", interruptOnError: true });
    server.answer("/slow", { delayMs: 2000 });
    await put({ request: { method: `/${SVC}/GetTarget` } }, [slow]);
    fails(await rest.call("GetTarget", { id: slow }, pat), 9, 400, /target slow timed out after 200 ms/, "EXEC-dra6yamk98");
  });

  it("fires an async target without waiting for it, and its failure does not reach the caller", async () => {
    const slow = await target("async", "/async", { isAsync: true });
    server.answer("/async", { delayMs: 300, status: 500 });
    await put({ request: { method: `/${SVC}/GetTarget` } }, [slow]);
    ok(await rest.call("GetTarget", { id: slow }, pat));
    assert.equal((await calls(`?target_id=${slow}`)).length, 0, "the call was not waited for");
    await until(async () => (await calls(`?target_id=${slow}`)).length === 1);
    assert.equal((await calls(`?target_id=${slow}`))[0]!.status, 500);
  });

  it("runs only the most specific execution (method, then service, then all), includes expanded in place", async () => {
    const [m, s, a] = [await target("m", "/m"), await target("s", "/s"), await target("a", "/a")];
    await put({ request: { all: true } }, [a]);
    await put({ request: { service: SVC } }, [s]);
    await put({ request: { method: `/${SVC}/GetTarget` } }, [m], [`request/${SVC}`]);
    server.clear();
    ok(await rest.call("GetTarget", { id: m }, pat));
    assert.deepEqual(
      server.received.map((r) => r.path),
      ["/m", "/s"],
      "method targets, then the included service execution's",
    );
    server.clear();
    ok(await rest.call("SearchTargets", { filters: [] }, pat));
    assert.deepEqual(
      server.received.map((r) => r.path),
      ["/s"],
      "another method of the service: the service execution",
    );
  });
});

describe("event executions", () => {
  it("call the event's execution after the command committed, with the event's fields", async () => {
    const hook = await target("events", "/events");
    const group = await target("group", "/group");
    await put({ event: { group: "target" } }, [group]);
    await put({ event: { event: "target.added" } }, [hook]);
    const created = ok(await rest.call("CreateTarget", { target: { name: "watched", restWebhook: { url: "http://x/" }, timeout: "1s" } }, pat), 201);
    const id = (created.details as { id: string }).id;
    await until(() => server.to("/events").length === 1);
    const body = server.to("/events")[0]!.body;
    assert.deepEqual(Object.keys(body).sort(), [
      "aggregateID",
      "aggregateType",
      "created_at",
      "event_payload",
      "event_type",
      "instanceID",
      "resourceOwner",
      "sequence",
      "userID",
      "version",
    ]);
    assert.equal(body.aggregateID, id);
    assert.equal(body.event_type, "target.added");
    assert.equal(body.instanceID, instanceId);
    assert.equal((body.event_payload as { name: string }).name, "watched");
    assert.deepEqual(server.to("/group"), [], "the event's own execution is more specific than its group's");
  });

  it("match the group, then all events, when no execution names the event", async () => {
    const group = await target("group", "/group");
    const all = await target("all", "/all");
    await put({ event: { all: true } }, [all]);
    await put({ event: { group: "target" } }, [group]);
    const fired = (
      await ctl.as("fireEvent", "/fire-event", { method: "POST", json: { instance_id: instanceId, type: "target.removed", payload: { why: "test" } } })
    ).body;
    assert.equal(fired.executionId, "event/target.*");
    assert.deepEqual(
      fired.calls.map((c) => [c.targetId, c.status]),
      [[group, 200]],
    );
    const other = (await ctl.as("fireEvent", "/fire-event", { method: "POST", json: { instance_id: instanceId, type: "user.human.added" } })).body;
    assert.equal(other.executionId, "event");
    assert.deepEqual(
      other.calls.map((c) => c.targetId),
      [all],
    );
    assert.equal((server.to("/group")[0]!.body.event_payload as { why: string }).why, "test");
  });

  it("fire-event refuses an unknown instance and a malformed type", async () => {
    const none = await ctl("/fire-event", { method: "POST", json: { instance_id: "nope", type: "user.added" } });
    assert.equal(none.status, 404);
    assert.deepEqual(none.body, { code: 5, message: 'No instance "nope"' });
    const bad = await ctl("/fire-event", { method: "POST", json: { instance_id: instanceId, type: "Not An Event" } });
    assert.equal(bad.status, 400);
  });
});

describe("recorded calls", () => {
  it("are listed with execution, target, payload, headers, status, response and duration, and can be replayed", async () => {
    const hook = await target("hook", "/hook");
    server.answer("/hook", { body: { seen: true } });
    await put({ request: { method: `/${SVC}/GetTarget` } }, [hook]);
    ok(await rest.call("GetTarget", { id: hook }, pat));
    const [call] = await calls(`?execution_id=${encodeURIComponent(`request/${SVC}/GetTarget`)}`);
    assert.ok(call);
    assert.equal(call.targetId, hook);
    assert.equal(call.status, 200);
    assert.equal(call.response, '{"seen":true}');
    assert.equal(call.error, null);
    assert.deepEqual(call.payload, server.to("/hook")[0]!.body);
    assert.match((call.headers as Record<string, string>)["Svc-Signature"]!, /^t=\d+,v1=[0-9a-f]{64}$/);
    assert.equal(typeof call.durationMs, "number");
    const replay = await ctl.as("replayCall", `/target-calls/${call.id as string}/_replay`, { method: "POST" });
    assert.equal(replay.status, 200);
    const replayed = replay.body.call;
    assert.notEqual(replayed.id, call.id);
    assert.deepEqual(replayed.payload, call.payload);
    assert.equal(server.to("/hook").length, 2);
    assert.deepEqual(server.to("/hook")[1]!.body, server.to("/hook")[0]!.body);
    const missing = await ctl("/target-calls/nope/_replay", { method: "POST" });
    assert.deepEqual([missing.status, missing.body], [404, { code: 5, message: 'No target call "nope"' }]);
  });

  it("stream as server-sent events", async () => {
    const hook = await target("hook", "/hook");
    await put({ request: { method: `/${SVC}/GetTarget` } }, [hook]);
    const abort = new AbortController();
    const res = await fetch(`${emu.url}/emulator/v1/target-calls/stream?target_id=${hook}`, {
      headers: { authorization: `Bearer ${emu.consoleToken}` },
      signal: abort.signal,
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "text/event-stream");
    const reader = res.body!.getReader();
    ok(await rest.call("GetTarget", { id: hook }, pat));
    let text = "";
    while (!text.includes("\n\ndata") && !/data: .*\n\n/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    const data = JSON.parse(/data: (.*)\n\n/.exec(text)![1]!) as Record<string, unknown>;
    assert.match(text, /event: call\n/);
    assert.equal(data.targetId, hook);
    assert.equal(data.status, 200);
    assert.equal(data.signatureValid, true);
  });
});

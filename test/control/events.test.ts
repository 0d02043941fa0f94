// The event log of the control API (issue 2, DESIGN 4): filtered by instance, aggregate type,
// aggregate id and type (together they narrow), paged by position with after/limit/nextAfter.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { defaultFixtures } from "../../emulator/src/index.js";
import { request, requestWithHost, startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";
import type { StoredEvent as Event } from "../../emulator/src/control/schemas.js";

// The default seed plus a second instance, so that the instance filter has something to leave out.
const fixtures = defaultFixtures();
const ACME_PAT = "acme-events-token-0123456789";
fixtures.instances.push({
  name: "Acme",
  domains: ["acme.localhost"],
  orgs: [{ name: "Acme", users: [{ type: "machine", username: "acme-sa", name: "Acme SA", personalAccessTokens: [{ token: ACME_PAT }] }] }],
  members: [{ user: "acme-sa", roles: ["IAM_OWNER"] }],
});

const emu = await startTestEmulator({ fixtures });
const ctl = rawControl(emu);
const control = controlApi(emu);

/** The log with a query written by hand (snake_case names among them). */
const log = async (query = "") => {
  const r = await ctl.as("events", `/events${query}`);
  assert.equal(r.status, 200, r.text);
  return r.body;
};
const all = async () => (await log("?limit=1000")).events;
const body = (name: string) => ({ name, restWebhook: { url: "http://localhost:9999/h" }, timeout: "10s", interruptOnError: true });

const instances = (await control.instances()).body.instances;
const main = instances.find((i) => i.name === "Svc Emulator")!.id;
const acme = instances.find((i) => i.name === "Acme")!.id;

describe("event log", () => {
  let mainTarget = "";
  let acmeTarget = "";

  it("gets exactly one target.added event with the payload when a target is created", async () => {
    await control.freezeClock({ body: { at: "2030-01-02T03:04:05.678Z" } });
    const before = await all();
    const r = await request(`${emu.url}/resources/v3alpha/targets`, { method: "POST", token: emu.adminPat, json: body("main-target") });
    assert.equal(r.status, 201, r.text);
    mainTarget = (r.body as { details: { id: string } }).details.id;
    const after = await all();
    assert.deepEqual(after.slice(0, -1), before);
    const e = after.at(-1)!;
    const sa = before.find((x) => x.type === "user.machine.added" && x.payload.username === "admin-sa")!;
    // The target's signing key is generated and shown to its owner by GetTarget; the event log
    // shows it sealed (wire-facts 1.3: stored encrypted), never in clear.
    const got = await request(`${emu.url}/resources/v3alpha/targets/${mainTarget}`, { token: emu.adminPat });
    assert.match((got.body as { target: { signingKey: string } }).target.signingKey, /^[A-Za-z0-9]{36}$/);
    assert.ok(!JSON.stringify(e).includes((got.body as { target: { signingKey: string } }).target.signingKey));
    const signingKey = { algorithm: "aes-256-gcm", keyID: "events", crypted: (e.payload.signingKey as { crypted: string }).crypted };
    assert.deepEqual(e, {
      position: before.at(-1)!.position + 1,
      instanceId: main,
      aggregateType: "target",
      aggregateId: mainTarget,
      aggregateSequence: 1,
      type: "target.added",
      payload: {
        name: "main-target",
        targetType: "rest_webhook",
        url: "http://localhost:9999/h",
        timeoutMs: 10000,
        isAsync: false,
        interruptOnError: true,
        signingKey,
      },
      creator: sa.aggregateId,
      resourceOwner: main,
      createdAt: "2030-01-02T03:04:05.678Z",
      origin: "api",
    });
    // A refused write (the name is taken) appends nothing.
    const dup = await request(`${emu.url}/resources/v3alpha/targets`, { method: "POST", token: emu.adminPat, json: body("main-target") });
    assert.equal(dup.status, 409, dup.text);
    assert.deepEqual(await all(), after);
  });

  it("filters by instance_id", async () => {
    const r = await requestWithHost(emu.port, "/resources/v3alpha/targets", `acme.localhost:${emu.port}`, {
      method: "POST",
      headers: { authorization: `Bearer ${ACME_PAT}`, "content-type": "application/json" },
      body: JSON.stringify(body("acme-target")),
    });
    assert.equal(r.status, 201, r.text);
    acmeTarget = (JSON.parse(r.text) as { details: { id: string } }).details.id;
    const everything = await all();
    const ofMain = (await log(`?instance_id=${main}&limit=1000`)).events;
    const ofAcme = (await log(`?instance_id=${acme}&limit=1000`)).events;
    assert.ok(ofMain.length > 0 && ofAcme.length > 0);
    assert.deepEqual(
      ofMain,
      everything.filter((e) => e.instanceId === main),
    );
    assert.deepEqual(
      ofAcme,
      everything.filter((e) => e.instanceId === acme),
    );
    assert.equal(ofMain.length + ofAcme.length, everything.length);
    assert.deepEqual(ofAcme.at(-1)!.aggregateId, acmeTarget);
    assert.deepEqual(await log("?instance_id=123"), { events: [], nextAfter: null });
  });

  it("filters by aggregate_type, aggregate_id and type, and narrows when they are combined", async () => {
    const everything = await all();
    const targets = (await log("?aggregate_type=target")).events;
    assert.deepEqual(
      targets.map((e) => e.aggregateId),
      [mainTarget, acmeTarget],
    );
    assert.deepEqual((await log(`?aggregate_id=${acmeTarget}`)).events, [everything.find((e) => e.aggregateId === acmeTarget)]);
    assert.deepEqual((await log("?type=target.added")).events, targets);
    const orgs = (await log("?type=org.added")).events;
    assert.deepEqual(
      orgs,
      everything.filter((e) => e.type === "org.added"),
    );
    assert.equal(orgs.length, 2);
    assert.deepEqual(
      (await log(`?instance_id=${acme}&type=target.added`)).events.map((e) => e.aggregateId),
      [acmeTarget],
    );
    assert.deepEqual((await log(`?aggregate_type=target&aggregate_id=${main}`)).events, []);
    assert.deepEqual(
      (await log(`?aggregate_type=instance&aggregate_id=${main}`)).events,
      everything.filter((e) => e.aggregateType === "instance" && e.aggregateId === main),
    );
    assert.deepEqual((await log("?type=no.such.type")).events, []);
  });

  it("pages by position with after, limit and nextAfter", async () => {
    const everything = await all();
    assert.ok(everything.length > 20);
    const positions = everything.map((e) => e.position);
    assert.deepEqual(
      positions,
      [...positions].sort((a, b) => a - b),
    );
    const seen: Event[] = [];
    let after = 0;
    for (;;) {
      const page = await log(`?limit=7&after=${after}`);
      assert.ok(page.events.length <= 7 && page.events.length > 0);
      seen.push(...page.events);
      if (page.nextAfter === null) break;
      assert.equal(page.nextAfter, page.events.at(-1)!.position);
      assert.equal(page.events.length, 7);
      after = page.nextAfter;
    }
    assert.deepEqual(seen, everything);
    // A page that ends exactly at the last event says there is no more.
    assert.equal((await log(`?limit=${everything.length}`)).nextAfter, null);
    assert.equal((await log(`?limit=${everything.length - 1}`)).nextAfter, everything.at(-2)!.position);
    assert.deepEqual((await log(`?after=${everything.at(-2)!.position}`)).events, [everything.at(-1)]);
    assert.deepEqual(await log(`?after=${everything.at(-1)!.position}`), { events: [], nextAfter: null });
    // Filters and paging together: the second target.added event, after the first.
    const first = await log("?type=target.added&limit=1");
    assert.deepEqual(
      first.events.map((e) => e.aggregateId),
      [mainTarget],
    );
    const second = await log(`?type=target.added&limit=1&after=${first.nextAfter}`);
    assert.deepEqual([second.events.map((e) => e.aggregateId), second.nextAfter], [[acmeTarget], null]);
  });

  it("pages 100 events by default", async () => {
    for (let i = 0; i < 90; i++) {
      const r = await request(`${emu.url}/resources/v3alpha/targets`, { method: "POST", token: emu.adminPat, json: body(`bulk-${i}`) });
      assert.equal(r.status, 201);
    }
    const everything = await all();
    assert.ok(everything.length > 100);
    const page = await log();
    assert.deepEqual(page, { events: everything.slice(0, 100), nextAfter: everything[99]!.position });
  });

  it("refuses bad queries with 400 {code:3}", async () => {
    for (const q of ["limit=0", "limit=1001", "limit=x", "after=-1", "after=x", "colour=red"]) {
      const r = await ctl(`/events?${q}`);
      assert.deepEqual([r.status, r.error.code], [400, 3], q);
    }
  });
});

describe("event stream", () => {
  /** Opens /events/stream with `query`; `next()` reads the next `event` frame's data, `close()` ends it. */
  async function stream(query: string) {
    const abort = new AbortController();
    const res = await fetch(`${emu.url}/emulator/v1/events/stream${query}`, { headers: { authorization: `Bearer ${emu.consoleToken}` }, signal: abort.signal });
    assert.deepEqual([res.status, res.headers.get("content-type")], [200, "text/event-stream"]);
    const reader = res.body!.getReader();
    let text = "";
    return {
      async next(): Promise<{ id: string; data: Event }> {
        for (;;) {
          const m = /event: event\nid: (\d+)\ndata: (.*)\n\n/.exec(text);
          if (m) {
            text = text.slice(m.index + m[0].length);
            return { id: m[1]!, data: JSON.parse(m[2]!) as Event };
          }
          const chunk = await reader.read();
          assert.ok(!chunk.done, `the event stream ended before the next event; unread: ${JSON.stringify(text)}`);
          text += new TextDecoder().decode(chunk.value);
        }
      },
      close: () => abort.abort(),
    };
  }

  it("sends committed events live, as the log shows them, narrowed by instance, aggregate type and type", async () => {
    const s = await stream(`?instanceId=${main}&aggregateType=target&type=target.added`);
    // Left out: another instance's target, and a change of this instance that is not target.added.
    const other = await requestWithHost(emu.port, "/resources/v3alpha/targets", `acme.localhost:${emu.port}`, {
      method: "POST",
      headers: { authorization: `Bearer ${ACME_PAT}`, "content-type": "application/json" },
      body: JSON.stringify(body("acme-streamed")),
    });
    assert.equal(other.status, 201, other.text);
    const made = await request(`${emu.url}/resources/v3alpha/targets`, { method: "POST", token: emu.adminPat, json: body("streamed") });
    assert.equal(made.status, 201, made.text);
    const id = (made.body as { details: { id: string } }).details.id;
    const patched = await request(`${emu.url}/resources/v3alpha/targets/${id}`, { method: "PATCH", token: emu.adminPat, json: { name: "streamed-2" } });
    assert.equal(patched.status, 200, patched.text);
    const made2 = await request(`${emu.url}/resources/v3alpha/targets`, { method: "POST", token: emu.adminPat, json: body("streamed-3") });
    assert.equal(made2.status, 201, made2.text);
    const first = await s.next();
    const second = await s.next();
    s.close();
    const logged = (await log(`?aggregateId=${id}`)).events[0]!;
    assert.deepEqual(first, { id: String(logged.position), data: logged });
    assert.equal(second.data.aggregateId, (made2.body as { details: { id: string } }).details.id);
  });

  it("refuses paging and unknown filters with 400 {code:3}", async () => {
    for (const q of ["after=1", "limit=5", "colour=red"]) {
      const r = await ctl(`/events/stream?${q}`);
      assert.deepEqual([r.status, r.error.code], [400, 3], q);
    }
  });
});

// Issue 26 over the wire: POST /emulator/v1/instances (with a seed), instances/{id}/_seed, _reset and
// snapshots act on one instance; bad input is refused as {code, message} with nothing written; the
// same fixture ids and client ids live in two instances apart; emu.instances.create takes a file path.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fetchByHost, request, startTestEmulator } from "../helpers/emulator.js";
import { controlApi, rawControl } from "../helpers/control-client.js";
import { defaultFixtures } from "../helpers/fixtures.js";
import { internals } from "../../emulator/src/internal.js";

const emu = await startTestEmulator();
const api = rawControl(emu);
const typed = controlApi(emu);
const send = fetchByHost(emu.port);
const core = internals(emu).core;
const count = (table: string) => (core.db.stmt(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
const written = () => ["instances", "events", "orgs", "users", "apps"].map(count);

type Made = { id: string; name: string; domains: string[]; issuer: string; adminPat: string };
async function make(body: object): Promise<Made> {
  const r = await api.as("createInstance", "/instances", { method: "POST", json: body });
  assert.equal(r.status, 201, r.text);
  return r.body;
}

/** A fixture file whose org, user and app keep given ids and a given client id. */
const WITH_IDS = (() => {
  const f = defaultFixtures();
  f.instances[0]!.orgs.push({
    id: "620000000000000001",
    name: "Fixed",
    users: [{ type: "machine", id: "620000000000000002", username: "fixed-bot", name: "Fixed bot", clientSecret: "fixed-secret" }],
    projects: [
      {
        id: "620000000000000003",
        name: "Fixed",
        apps: [
          { type: "api", id: "620000000000000004", name: "Fixed API", clientId: "fixed-api", clientSecret: "api-secret", authMethod: "client_secret_basic" },
        ],
      },
    ],
  });
  return f;
})();

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;
async function clientCredentials(issuer: string): Promise<string> {
  const res = await send(`${issuer}/oauth/v2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic("fixed-bot", "fixed-secret") },
    body: "grant_type=client_credentials&scope=openid",
  });
  const body = (await res.json()) as { access_token: string };
  assert.equal(res.status, 200, JSON.stringify(body));
  return body.access_token;
}
const userinfo = (issuer: string, token: string) => send(`${issuer}/oidc/v1/userinfo`, { headers: { authorization: `Bearer ${token}` } });
async function usernames(i: Made): Promise<string[]> {
  const res = await send(`${i.issuer}/resources/v3alpha/users/_search`, {
    method: "POST",
    headers: { authorization: `Bearer ${i.adminPat}`, "content-type": "application/json" },
    body: "[]",
  });
  const body = (await res.json()) as { result?: { username?: string; human?: unknown; machine?: unknown }[] };
  assert.equal(res.status, 200, JSON.stringify(body));
  return (body.result ?? []).map((u) => JSON.stringify(u).match(/"username":"([^"]+)"/)![1]!).sort();
}
async function addMachine(i: Made, username: string): Promise<void> {
  const res = await send(`${i.issuer}/resources/v3alpha/users/machine`, {
    method: "POST",
    headers: { authorization: `Bearer ${i.adminPat}`, "content-type": "application/json" },
    body: JSON.stringify({ username, name: username }),
  });
  assert.equal(res.status, 201, await res.text());
}

describe("POST /emulator/v1/instances", () => {
  it("needs the console token", async () => {
    const r = await request(`${emu.url}/emulator/v1/instances`, { method: "POST", json: {} });
    assert.equal(r.status, 401);
  });

  it("makes an empty instance at a generated *.localhost domain that its Host reaches", async () => {
    const i = await make({});
    assert.deepEqual(i, { id: i.id, name: "Instance", domains: [`i-${i.id}.localhost`], issuer: `http://i-${i.id}.localhost:${emu.port}`, adminPat: "" });
    const discovery = await send(`${i.issuer}/.well-known/openid-configuration`);
    assert.equal(((await discovery.json()) as { issuer: string }).issuer, i.issuer);
  });

  it("keeps a generated domain one DNS label below localhost for a long name", async () => {
    const i = await make({ name: "Worker Number ".repeat(14) });
    assert.equal(i.domains[0], `worker-number-worker-number-worker-numbe-${i.id}.localhost`);
    assert.ok(i.domains[0]!.split(".")[0]!.length <= 63);
  });

  it("refuses a domain another instance has (409), a domain that is no host name and unknown fields (400), writing nothing", async () => {
    const before = written();
    const taken = await api("/instances", { method: "POST", json: { domain: "localhost" } });
    assert.deepEqual([taken.status, taken.body], [409, { code: 6, message: "The domain localhost already reaches an instance" }]);
    const bad = await api("/instances", { method: "POST", json: { domain: "not a host!" } });
    assert.deepEqual([bad.status, bad.body], [400, { code: 3, message: 'The domain "not a host!" is not a host name' }]);
    const unknown = await api("/instances", { method: "POST", json: { name: "x", colour: "red" } });
    assert.equal(unknown.status, 400);
    assert.deepEqual(written(), before);
  });

  it("refuses a seed that does not check or import (400 with the reasons), writing no instance", async () => {
    const before = written();
    const fixtures = await api("/instances", { method: "POST", json: { seed: { fixtures: { instances: [] } } } });
    assert.deepEqual(
      [fixtures.status, fixtures.body],
      [400, { code: 3, message: "seed.fixtures: /instances: Expected array length to be greater or equal to 1" }],
    );
    const path = await api("/instances", { method: "POST", json: { seed: { fixtures: "/etc/passwd" } } });
    assert.deepEqual([path.status, path.body], [400, { code: 3, message: 'seed.fixtures must be a fixture file (JSON) or "default"' }]);
    const notDoc = await api("/instances", { method: "POST", json: { seed: { document: [1, 2] } } });
    assert.deepEqual([notDoc.status, notDoc.body], [400, { code: 3, message: 'seed.document must be an org export: {"orgs": [...]}' }]);
    const doc = await api("/instances", { method: "POST", json: { seed: { document: { orgs: [{ orgId: "630000000000000001" }] } } } });
    assert.equal(doc.status, 400, doc.text);
    assert.match(doc.error.message, /^seed\.document: \d+ error\(s\), nothing imported:\norgs\[0\]/);
    assert.deepEqual(written(), before);
  });

  it("seeds two instances with the same fixture ids and client ids, each issuer seeing only its own", async () => {
    const [a, b] = [await make({ name: "a", seed: { fixtures: WITH_IDS } }), await make({ name: "b", seed: { fixtures: WITH_IDS } })];
    assert.ok(a.adminPat && b.adminPat && a.adminPat !== b.adminPat, "each seed makes its own adminPat");
    for (const i of [a, b]) {
      const row = core.db.stmt("SELECT id, org_id FROM users WHERE instance_id = ? AND username = 'fixed-bot'").get(i.id);
      assert.deepEqual(row, { id: "620000000000000002", org_id: "620000000000000001" });
    }
    const tokenA = await clientCredentials(a.issuer);
    assert.equal((await userinfo(a.issuer, tokenA)).status, 200);
    assert.equal((await userinfo(b.issuer, tokenA)).status, 401);
    assert.equal((await userinfo(emu.issuer, tokenA)).status, 401);
  });
});

describe("POST instances/{id}/_seed, _reset and snapshots", () => {
  it("answers 404 for an unknown instance on every route", async () => {
    for (const [method, path, json] of [
      ["POST", "/instances/999/_seed", { fixtures: "default" }],
      ["POST", "/instances/999/_reset", undefined],
      ["GET", "/instances/999/snapshots", undefined],
      ["POST", "/instances/999/snapshots", { name: "s" }],
      ["POST", "/instances/999/snapshots/s/_restore", undefined],
      ["DELETE", "/instances/999/snapshots/s", undefined],
    ] as const) {
      const r = await api(path, { method, ...(json ? { json } : {}) });
      assert.deepEqual([r.status, r.error.code], [404, 5], `${method} ${path}: ${r.text}`);
    }
  });

  it("seeds an empty instance later, adding to it; what it then holds is what its reset goes back to", async () => {
    const i = await make({ name: "later" });
    const seeded = await typed.seedInstance({ params: { id: i.id }, body: { fixtures: "default" } });
    assert.equal(seeded.status, 200, seeded.text);
    const after = seeded.body;
    assert.deepEqual({ ...after, adminPat: after.adminPat.length > 0 }, { ...i, adminPat: true });
    assert.deepEqual(await usernames(after), ["admin", "admin-sa", "alice", "bob", "demo-worker"]);
    await addMachine(after, "extra");
    assert.equal((await api(`/instances/${i.id}/_reset`, { method: "POST" })).status, 200);
    assert.deepEqual(await usernames(after), ["admin", "admin-sa", "alice", "bob", "demo-worker"]);
    const again = await api(`/instances/${i.id}/_seed`, { method: "POST", json: { fixtures: "default" } });
    assert.deepEqual([again.status, again.error.code], [409, 6], "org and user names are taken in the instance");
  });

  it("resets one instance: its users, tokens and events since the seed are gone, another instance's stay", async () => {
    const [a, b] = [await make({ name: "ra", seed: { fixtures: WITH_IDS } }), await make({ name: "rb", seed: { fixtures: WITH_IDS } })];
    const eventsOf = async (id: string) => (await typed.events({ query: { instanceId: id } })).body.events.length;
    const seededEvents = await eventsOf(a.id);
    const [tokenA, tokenB] = [await clientCredentials(a.issuer), await clientCredentials(b.issuer)];
    await addMachine(a, "gone-after-reset");
    await addMachine(b, "stays");
    const bEvents = await eventsOf(b.id);
    const reset = await api(`/instances/${a.id}/_reset`, { method: "POST" });
    assert.deepEqual([reset.status, reset.body], [200, { reset: true }]);
    assert.ok(!(await usernames(a)).includes("gone-after-reset"));
    assert.ok((await usernames(b)).includes("stays"));
    assert.equal((await userinfo(a.issuer, tokenA)).status, 401, "a token issued after the seed is gone");
    assert.equal((await userinfo(b.issuer, tokenB)).status, 200);
    assert.equal(await eventsOf(a.id), seededEvents);
    assert.equal(await eventsOf(b.id), bEvents);
  });

  it("saves, lists, restores and deletes snapshots of one instance; bad names are 400", async () => {
    const i = await make({ name: "snap", seed: { fixtures: "default" } });
    const save = (name: string) => api(`/instances/${i.id}/snapshots`, { method: "POST", json: { name } });
    const first = await save("before");
    assert.equal(first.status, 201, first.text);
    assert.equal((await save("before")).status, 200, "replaced");
    assert.equal((await save("../x")).status, 400);
    const list = await typed.instanceSnapshots({ params: { id: i.id } });
    assert.deepEqual(
      list.body.snapshots.map((s) => s.name),
      ["before"],
    );
    await addMachine(i, "after-snapshot");
    const restored = await api(`/instances/${i.id}/snapshots/before/_restore`, { method: "POST" });
    assert.deepEqual([restored.status, restored.body], [200, { restored: "before" }]);
    assert.ok(!(await usernames(i)).includes("after-snapshot"));
    assert.deepEqual((await api(`/instances/${i.id}/snapshots/before`, { method: "DELETE" })).body, { deleted: "before" });
    const gone = await api(`/instances/${i.id}/snapshots/before/_restore`, { method: "POST" });
    assert.deepEqual([gone.status, gone.error.code], [404, 5]);
    const other = await make({ name: "snap-other" });
    assert.deepEqual((await api(`/instances/${other.id}/snapshots`)).body, { snapshots: [] }, "snapshots are per instance");
  });

  it("restores one instance's snapshot while another instance with the same ids keeps its rows, tokens and events", async () => {
    const [a, b] = [await make({ name: "sa", seed: { fixtures: WITH_IDS } }), await make({ name: "sb", seed: { fixtures: WITH_IDS } })];
    const eventsOf = async (id: string) => (await typed.events({ query: { instanceId: id, limit: 1000 } })).body.events.length;
    assert.equal((await api(`/instances/${a.id}/snapshots`, { method: "POST", json: { name: "seeded" } })).status, 201);
    await addMachine(a, "a-after-snapshot");
    await addMachine(b, "b-after-snapshot");
    const tokenB = await clientCredentials(b.issuer);
    const [bUsers, bEvents] = [await usernames(b), await eventsOf(b.id)];
    const restored = await api(`/instances/${a.id}/snapshots/seeded/_restore`, { method: "POST" });
    assert.deepEqual([restored.status, restored.body], [200, { restored: "seeded" }]);
    assert.ok(!(await usernames(a)).includes("a-after-snapshot"));
    assert.deepEqual(await usernames(b), bUsers);
    assert.ok(bUsers.includes("b-after-snapshot") && bUsers.includes("fixed-bot"));
    assert.equal(await eventsOf(b.id), bEvents);
    assert.equal((await userinfo(b.issuer, tokenB)).status, 200, "B's token made after A's snapshot stays active");
    for (const i of [a, b]) {
      const row = core.db.stmt("SELECT id FROM users WHERE instance_id = ? AND username = 'fixed-bot'").get(i.id);
      assert.deepEqual(row, { id: "620000000000000002" });
    }
  });
});

describe("emu.instances.create", () => {
  it("seeds from a fixture file's path and resets and restores through the handle", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "svc-seed-")), "fixtures.json");
    writeFileSync(file, JSON.stringify(WITH_IDS));
    const i = await emu.instances.create({ name: "lib", seed: { fixtures: file } });
    assert.equal(i.issuer, `http://${i.domains[0]}:${emu.port}`);
    const made = { id: i.id, name: "lib", domains: i.domains, issuer: i.issuer, adminPat: i.adminPat };
    i.snapshot("s");
    await addMachine(made, "lib-extra");
    i.restore("s");
    assert.ok(!(await usernames(made)).includes("lib-extra"));
    await addMachine(made, "lib-extra");
    i.reset();
    assert.ok(!(await usernames(made)).includes("lib-extra"));
    assert.equal(typeof (await clientCredentials(i.issuer)), "string");
    await assert.rejects(emu.instances.create({ seed: { fixtures: join(file, "missing") } }), /fixture file/);
  });

  it("a whole-emulator reset drops instances made since the seed", async () => {
    const i = await emu.instances.create({ name: "dropped" });
    emu.reset();
    const r = await api(`/instances/${i.id}/_reset`, { method: "POST" });
    assert.deepEqual([r.status, r.error.code], [404, 5]);
  });
});

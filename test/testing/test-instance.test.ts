// A worker's instance (svc-emulator/testing, issue 28 §2): made on the run's emulator and seeded like every
// other worker's, with its own issuer (its host name), tokens and seeded ids; the same names written in two
// instances never meet; reset and snapshots act on one instance; a bad seed is refused with nothing made.

import "../helpers/key-stock-env.js";
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestInstance, runEmulator, type RunEmulator, type TestInstance, fileInstance } from "../../emulator/src/testing/index.js";
import { perTestStep } from "../../emulator/src/testing/use-instance.js";
import { defaultFixtures } from "../helpers/fixtures.js";

const LIMIT = { timeout: 60_000 };
let run: RunEmulator;
before(async () => (run = await runEmulator({}, {})), LIMIT);
after(() => run.stop());

const post = (i: TestInstance, path: string, body: unknown) =>
  i.fetch(`${i.url}/resources/v3alpha/${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${i.adminPat}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
async function usernames(i: TestInstance): Promise<string[]> {
  const { result } = (await (await post(i, "users/_search", [])).json()) as { result: { human?: { username: string }; machine?: { username: string } }[] };
  return result.map((u) => (u.human ?? u.machine)!.username).sort();
}
async function instanceCount(): Promise<number> {
  const res = await fetch(`${run.connection.url}/emulator/v1/instances`, { headers: { authorization: `Bearer ${run.connection.consoleToken}` } });
  return ((await res.json()) as { instances: unknown[] }).instances.length;
}
const SEEDED = ["admin", "admin-sa", "alice", "bob", "demo-worker"];

describe("createTestInstance", () => {
  it("answers the instance's URL, issuer, tokens and seeded ids; two instances keep the same names apart", LIMIT, async () => {
    const [a, b] = await Promise.all([createTestInstance(run.connection, { name: "w1" }), createTestInstance(run.connection, { name: "w2" })]);
    for (const i of [a!, b!]) {
      assert.match(i.domain, /^w\d-\d+\.localhost$/);
      assert.equal(i.url, `http://${i.domain}:${new URL(run.connection.url).port}`);
      const d = (await (await i.fetch(`${i.issuer}/.well-known/openid-configuration`)).json()) as { issuer: string };
      assert.equal(d.issuer, i.issuer);
      assert.deepEqual(Object.keys(i.ids.users).sort(), SEEDED);
      assert.deepEqual(Object.keys(i.ids.apps).sort(), ["demo-api", "demo-browser", "demo-server"]);
      assert.deepEqual([Object.keys(i.ids.orgs), Object.keys(i.ids.projects)], [["Emulator Org"], ["Demo"]]);
      assert.equal((await post(i, "users/machine", { username: "same-name", name: "Same" })).status, 201);
      assert.deepEqual(await usernames(i), [...SEEDED, "same-name"].sort());
      // The ids are the instance's own: its userinfo names the seeded user by them.
      const token = (await (
        await i.fetch(`${i.issuer}/oauth/v2/token`, {
          method: "POST",
          headers: { authorization: `Basic ${btoa("demo-worker:demo-worker-secret")}` },
          body: new URLSearchParams({ grant_type: "client_credentials", scope: "openid" }),
        })
      ).json()) as { access_token: string };
      const info = (await (await i.fetch(`${i.issuer}/oidc/v1/userinfo`, { headers: { authorization: `Bearer ${token.access_token}` } })).json()) as {
        sub: string;
      };
      assert.equal(info.sub, i.ids.users["demo-worker"]);
    }
    assert.notEqual(a!.id, b!.id);
    assert.notEqual(a!.ids.users.alice, b!.ids.users.alice);
  });

  it("resets to the seed and restores a snapshot, one instance alone", LIMIT, async () => {
    const [a, b] = await Promise.all([createTestInstance(run.connection), createTestInstance(run.connection)]);
    await post(a!, "users/machine", { username: "before-snapshot", name: "B" });
    await a!.snapshot("one");
    await post(a!, "users/machine", { username: "after-snapshot", name: "A" });
    await post(b!, "users/machine", { username: "in-b", name: "B" });
    await a!.restore("one");
    assert.deepEqual(await usernames(a!), [...SEEDED, "before-snapshot"].sort());
    await a!.reset();
    assert.deepEqual(await usernames(a!), SEEDED);
    assert.deepEqual(await usernames(b!), [...SEEDED, "in-b"].sort());
    await assert.rejects(a!.restore("never-taken"), /answered 404: No snapshot named never-taken/);
  });

  it("seeds from a fixture file's path with the file's ids, the same in every instance", LIMIT, async () => {
    const f = defaultFixtures();
    const bot = { type: "machine" as const, id: "630000000000000002", username: "fixed-bot", name: "F" };
    f.instances[0]!.orgs.push({ id: "630000000000000001", name: "Fixed", users: [bot] });
    const file = join(mkdtempSync(join(tmpdir(), "svc-emulator-testing-")), "fixtures.json");
    writeFileSync(file, JSON.stringify(f));
    const fromPath = createTestInstance(run.connection, { seed: { fixtures: file } });
    const [a, b] = await Promise.all([fromPath, createTestInstance(run.connection, { seed: { fixtures: f } })]);
    for (const i of [a!, b!]) assert.deepEqual([i.ids.orgs.Fixed, i.ids.users["fixed-bot"]], ["630000000000000001", "630000000000000002"]);
  });

  it("refuses a bad seed with the control API's message and makes no instance", LIMIT, async () => {
    const count = await instanceCount();
    await assert.rejects(createTestInstance(run.connection, { seed: { fixtures: { instances: "none" } } }), /\/emulator\/v1\/instances answered 400: /);
    await assert.rejects(createTestInstance(run.connection, { seed: { fixtures: "/no/such/file.json" } }), /ENOENT/);
    await assert.rejects(createTestInstance(run.connection, { seed: { document: { orgs: "x" } } }), /answered 400/);
    await assert.rejects(createTestInstance({ ...run.connection, consoleToken: "wrong-token-0123456789" }), /answered 401/);
    assert.equal(await instanceCount(), count);
  });
});

describe("fileInstance", () => {
  it("says so when the instance is read before the runner's before-all hook made it", () => {
    const emu = fileInstance({ beforeAll: () => {}, beforeEach: () => {} }, () => run.connection);
    assert.throws(() => emu.url, /the instance is made in the before-all hook; read url inside a test or a later hook/);
    assert.equal((emu as unknown as { then?: unknown }).then, undefined, "not taken for a promise");
  });

  it("registers a before-each step only when asked, and refuses an unknown one", () => {
    const registered: string[] = [];
    const hooks = { beforeAll: () => registered.push("all"), beforeEach: () => registered.push("each") };
    fileInstance(hooks, () => run.connection);
    fileInstance(hooks, () => run.connection, { perTest: "reset" });
    assert.deepEqual(registered, ["all", "all", "each"]);
    assert.throws(() => perTestStep("sometimes" as never), /perTest must be "none", "reset" or \{ restore: "<snapshot name>" \}, not "sometimes"/);
  });
});

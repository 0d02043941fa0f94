// Crash safety: the built command is killed with SIGKILL at random moments during heavy writes
// (resource API writes, client_credentials token issuance, an import of 10,000 users, snapshot
// restores), then started again on the same data dir. After every kill: the database opens, the
// projections equal a replay of the event log (so every command is wholly there or wholly absent),
// an import is all or nothing, and ids given out after the restart are new. The delays come from a
// printed seed; CRASH_SEED=<n> replays them. Build first: `node scripts/build.mjs`.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Database } from "../../emulator/src/store/database.js";
import { replayProjections } from "../../emulator/src/domain/rebuild.js";
import { getToken } from "../../emulator/src/domain/token/queries.js";
import { type CliProcess, killHard, type Ready, startReady, tempDir } from "../helpers/cli-process.js";

const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
console.log(`# crash seed ${SEED} (CRASH_SEED=${SEED} replays these kill delays)`);

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
let state = SEED >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

let kills = 0;
const B = "/resources/v3alpha";

async function call(url: string, init: { method?: string; token: string; json?: unknown; form?: Record<string, string> }): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${init.token}` };
  let body: string | undefined;
  if (init.json !== undefined) (headers["content-type"] = "application/json"), (body = JSON.stringify(init.json));
  if (init.form) (headers["content-type"] = "application/x-www-form-urlencoded"), (body = new URLSearchParams(init.form).toString());
  return fetch(url, { method: init.method ?? "POST", headers, body });
}

let unique = 0;
const name = (prefix: string) => `${prefix}-${SEED}-${++unique}`;

async function createUser(ready: Ready): Promise<string> {
  const res = await call(`${ready.url}${B}/users/human`, {
    token: ready.adminPat,
    json: { username: name("u"), profile: { givenName: "Kim", familyName: "Crash" }, email: { email: `${name("e")}@example.test` } },
  });
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as { details: { id: string } }).details.id;
}

/**
 * Runs `step` on `workers` parallel loops until the process dies (its requests then fail to connect)
 * or the loop is stopped. A wrong answer before the kill is not a crash: stop() throws it.
 */
function hammer(workers: number, step: () => Promise<unknown>): { stop(): Promise<void> } {
  let stopped = false;
  let wrong: unknown;
  const loops = Array.from({ length: workers }, async () => {
    try {
      while (!stopped) await step();
    } catch (e) {
      if (e instanceof assert.AssertionError) wrong ??= e;
    }
  });
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
      if (wrong) throw wrong;
    },
  };
}

function rowsOf(db: Database, table: string): string[] {
  return (db.stmt(`SELECT * FROM "${table}"`).all() as unknown[]).map((r) => JSON.stringify(r)).sort();
}

/** Opens the killed emulator's database in this process and checks it against a replay of its events; answers every id it holds. */
function checkConsistent(dir: string, extra?: (db: Database) => void): Set<string> {
  const db = new Database(join(dir, "emulator.sqlite"));
  const replay = replayProjections(db);
  try {
    for (const table of replay.tables) {
      const stored = rowsOf(db, table);
      const replayed = rowsOf(replay.db, table);
      const storedSet = new Set(stored);
      const replayedSet = new Set(replayed);
      const missing = replayed.filter((r) => !storedSet.has(r)).slice(0, 2);
      const extraRows = stored.filter((r) => !replayedSet.has(r)).slice(0, 2);
      assert.deepEqual({ table, missing, extraRows }, { table, missing: [], extraRows: [] }, `seed ${SEED}: ${table} differs from its events`);
      assert.equal(stored.length, replayed.length, `seed ${SEED}: ${table} row count`);
    }
    extra?.(db);
    const ids = new Set((db.stmt("SELECT DISTINCT aggregate_id AS id FROM events").all() as { id: string }[]).map((r) => r.id));
    for (const table of replay.tables) {
      const cols = (db.stmt(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).map((c) => c.name);
      if (cols.includes("id")) for (const { id } of db.stmt(`SELECT id FROM "${table}"`).all() as { id: string }[]) ids.add(String(id));
    }
    return ids;
  } finally {
    replay.db.close();
    db.close();
  }
}

interface Scenario {
  kills: number;
  /** Kill after a delay drawn from [min, max) ms once the load started. */
  window: [number, number];
  prepare?(ready: Ready): Promise<void>;
  /** Starts the load; `stop` ends it once the process is dead. */
  load(ready: Ready, round: number): { stop(): Promise<void> };
  check?(db: Database, round: number): void;
}

async function crashRounds(s: Scenario): Promise<void> {
  const dir = tempDir();
  const timing = { start: 0, check: 0 };
  let proc: CliProcess;
  let ready: Ready;
  ({ proc, ready } = await startReady(dir));
  await s.prepare?.(ready);
  for (let round = 0; round < s.kills; round++) {
    const load = s.load(ready, round);
    await sleep(s.window[0] + random() * (s.window[1] - s.window[0]));
    await killHard(proc);
    kills++;
    await load.stop();
    let t = Date.now();
    const ids = checkConsistent(dir, s.check && ((db) => s.check!(db, round)));
    timing.check += Date.now() - t;
    t = Date.now();
    ({ proc, ready } = await startReady(dir)); // it opens
    timing.start += Date.now() - t;
    const fresh = await createUser(ready);
    assert.ok(!ids.has(fresh), `seed ${SEED}: the id ${fresh} given after the restart was already used`);
  }
  proc.child.kill("SIGTERM");
  await proc.exited;
  console.log(`# ${JSON.stringify(timing)}`);
}

const LIMIT = { timeout: 60_000 };

describe("crash safety (SIGKILL during writes)", { concurrency: false }, () => {
  it("resource API writes: users and projects", LIMIT, async () => {
    await crashRounds({
      kills: 6,
      window: [30, 400],
      load: (ready) =>
        hammer(4, async () => {
          const u = await createUser(ready);
          const patched = await call(`${ready.url}${B}/users/human/${u}`, {
            method: "PATCH",
            token: ready.adminPat,
            json: { profile: { givenName: "Lee", familyName: "Crash" } },
          });
          assert.equal(patched.status, 200, await patched.text());
          const project = await call(`${ready.url}${B}/projects`, { token: ready.adminPat, json: { name: name("p"), projectRoleAssertion: true } });
          assert.equal(project.status, 201, await project.text());
        }),
    });
  });

  it("token issuance: client_credentials, every answered token kept", LIMIT, async () => {
    const basic = `Basic ${Buffer.from("demo-worker:demo-worker-secret").toString("base64")}`;
    // Tokens are committed in groups (store/database.ts grouped()): a token is answered only once its
    // group is committed, so every token a client received is there after the kill.
    const answered: string[][] = [];
    await crashRounds({
      kills: 5,
      window: [30, 300],
      load: (ready, round) => {
        answered[round] = [];
        return hammer(4, async () => {
          const res = await fetch(`${ready.url}/oauth/v2/token`, {
            method: "POST",
            headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
            body: "grant_type=client_credentials&scope=openid",
          });
          const text = await res.text();
          assert.equal(res.status, 200, text);
          answered[round]!.push((JSON.parse(text) as { access_token: string }).access_token);
        });
      },
      check(db, round) {
        const lost = answered[round]!.filter((value) => !getToken(db, value));
        assert.deepEqual(lost, [], `seed ${SEED}: round ${round}: ${lost.length} of ${answered[round]!.length} answered tokens are not stored`);
      },
    });
    console.log(`# tokens answered before each kill: ${answered.map((a) => a.length).join(", ")}`);
  });

  it("an import of 10,000 users is all there or not at all", LIMIT, async () => {
    const orgIds: string[] = [];
    const outcomes: number[] = [];
    await crashRounds({
      // The import takes a few seconds: kills land before its commit and after it.
      kills: 4,
      window: [500, 6000],
      load: (ready, round) => {
        const orgId = `77${String(SEED % 1e6).padStart(6, "0")}${String(round).padStart(2, "0")}00000000`;
        orgIds.push(orgId);
        const humanUsers = Array.from({ length: 10_000 }, (_, i) => ({
          userId: `${orgId.slice(0, 10)}${String(i + 1).padStart(8, "0")}`,
          user: { userName: `bulk${i}`, profile: { firstName: "Bulk", lastName: `No${i}` }, email: { email: `bulk${i}@bulk.test` } },
        }));
        const sent = fetch(`${ready.url}/emulator/v1/orgs/_import`, {
          method: "POST",
          headers: { authorization: `Bearer ${ready.consoleToken}`, "content-type": "application/json" },
          body: JSON.stringify({ document: { orgs: [{ orgId, org: { name: `Bulk ${orgId}` }, humanUsers }] } }),
        })
          .then((r) => r.text())
          .catch(() => undefined); // the kill cuts the request off
        return { stop: async () => void (await sent) };
      },
      check(db, round) {
        const n = (db.stmt("SELECT COUNT(*) AS n FROM users WHERE org_id = ?").get(orgIds[round]) as { n: number }).n;
        assert.ok(n === 0 || n === 10_000, `seed ${SEED}: round ${round} left ${n} of the 10,000 imported users`);
        outcomes.push(n);
      },
    });
    console.log(`# imported users after each kill: ${outcomes.join(", ")}`);
  });

  it("snapshot restores under writes", LIMIT, async () => {
    await crashRounds({
      kills: 5,
      window: [30, 500],
      async prepare(ready) {
        for (let i = 0; i < 20; i++) await createUser(ready);
        const saved = await call(`${ready.url}/emulator/v1/snapshots`, { token: ready.consoleToken, json: { name: "base" } });
        assert.equal(saved.status, 201);
      },
      load: (ready) =>
        hammer(2, async () => {
          const r = await call(`${ready.url}/emulator/v1/snapshots/base/_restore`, { token: ready.consoleToken });
          assert.equal(r.status, 200);
          await createUser(ready);
        }),
      check(db) {
        // The database is the snapshot or what came after it, never lost (a fresh seed) or a mix.
        const n = (db.stmt("SELECT COUNT(*) AS n FROM users WHERE username LIKE 'u-%'").get() as { n: number }).n;
        assert.ok(n >= 20, `seed ${SEED}: ${n} users after a restore was cut short; the snapshot holds 20`);
      },
    });
  });

  it("killed the emulator at least 20 times", () => {
    console.log(`# ${kills} kills, seed ${SEED}`);
    assert.ok(kills >= 20, `${kills} kills`);
  });
});

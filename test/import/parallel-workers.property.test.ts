// Issue 26: 8 clients, each on its own instance of one emulator seeded identically (the same org,
// user and client ids), run the same create / sign-in / token / reset loop at once. fast-check's
// scheduler picks the interleavings of their steps; after every step a client sees exactly its own
// data: the seed's users plus what it created since its last reset, its live tokens active at its
// issuer, tokens from before its reset and every other client's tokens refused there.

import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash, randomUUID } from "node:crypto";
import fc from "fast-check";
import { Browser } from "../helpers/browser.js";
import { fetchByHost, startTestEmulator } from "../helpers/emulator.js";
import { controlApi } from "../helpers/control-client.js";
import { defaultFixtures } from "../helpers/fixtures.js";

const ORG = "640000000000000001";
const USER = "640000000000000002";
const PASSWORD = "Worker-pass1!";
const REDIRECT = "http://localhost:3000/callback";
const fixtures = defaultFixtures();
fixtures.instances[0]!.orgs.push({
  id: ORG,
  name: "Workers",
  users: [{ type: "human", id: USER, username: "wanda", firstName: "Wanda", lastName: "Worker", email: "wanda@workers.test", password: PASSWORD }],
  projects: [
    {
      id: "640000000000000003",
      name: "Workers",
      apps: [
        {
          type: "oidc",
          id: "640000000000000004",
          name: "Workers web",
          clientId: "workers-web",
          authMethod: "none",
          appType: "user_agent",
          redirectUris: [REDIRECT],
        },
      ],
    },
  ],
});

const emu = await startTestEmulator();
const api = controlApi(emu);
const send = fetchByHost(emu.port);
const SEED_USERS = ["admin", "admin-sa", "alice", "bob", "demo-worker", "wanda"];

interface Client {
  id: string;
  issuer: string;
  adminPat: string;
  /** Users it created since its last reset. */
  created: string[];
  /** Tokens it got since its last reset (live) and before (dead). */
  live: string[];
  dead: string[];
}

const clients: Client[] = [];
for (let n = 0; n < 8; n++) {
  const made = await api.createInstance({ body: { name: `worker${n}`, seed: { fixtures } } });
  assert.equal(made.status, 201, made.text);
  const { id, issuer, adminPat } = made.body;
  clients.push({ id, issuer, adminPat, created: [], live: [], dead: [] });
}

const json = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });

async function usernames(c: Client): Promise<string[]> {
  const res = await send(`${c.issuer}/resources/v3alpha/users/_search`, { method: "POST", headers: json(c.adminPat), body: "[]" });
  const body = (await res.json()) as { result?: unknown[] };
  assert.equal(res.status, 200, JSON.stringify(body));
  return (body.result ?? []).map((u) => JSON.stringify(u).match(/"username":"([^"]+)"/)![1]!).sort();
}

async function signIn(c: Client): Promise<string> {
  const verifier = randomUUID() + randomUUID();
  const query = new URLSearchParams({
    client_id: "workers-web",
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "openid",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  });
  const browser = new Browser(c.issuer, send);
  const login = await browser.go(`${c.issuer}/oauth/v2/authorize?${query}`);
  const callback = await browser.submit(login, "login", { loginName: "wanda", password: PASSWORD });
  const code = new URL(callback.url).searchParams.get("code");
  assert.ok(code, `stopped at ${callback.url}`);
  const form = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT, client_id: "workers-web", code_verifier: verifier });
  const res = await send(`${c.issuer}/oauth/v2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  const tokens = (await res.json()) as { access_token: string; id_token: string };
  assert.equal(res.status, 200, JSON.stringify(tokens));
  const claims = JSON.parse(Buffer.from(tokens.id_token.split(".")[1]!, "base64url").toString()) as { sub: string; iss: string };
  assert.deepEqual([claims.sub, claims.iss], [USER, c.issuer], "the file's user id, at this issuer");
  return tokens.access_token;
}

async function clientCredentials(c: Client): Promise<string> {
  const res = await send(`${c.issuer}/oauth/v2/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from("demo-worker:demo-worker-secret").toString("base64")}`,
    },
    body: "grant_type=client_credentials&scope=openid",
  });
  const body = (await res.json()) as { access_token: string };
  assert.equal(res.status, 200, JSON.stringify(body));
  return body.access_token;
}

const userinfoStatus = async (c: Client, token: string) =>
  (await send(`${c.issuer}/oidc/v1/userinfo`, { headers: { authorization: `Bearer ${token}` } })).status;

type Op = "create" | "signin" | "token" | "reset";

async function step(k: number, op: Op): Promise<void> {
  const c = clients[k]!;
  if (op === "create") {
    const username = `w${k}-${randomUUID().slice(0, 8)}`;
    const res = await send(`${c.issuer}/resources/v3alpha/users/machine`, {
      method: "POST",
      headers: json(c.adminPat),
      body: JSON.stringify({ username, name: username }),
    });
    assert.equal(res.status, 201, await res.text());
    c.created.push(username);
  } else if (op === "signin") c.live.push(await signIn(c));
  else if (op === "token") c.live.push(await clientCredentials(c));
  else {
    const res = await api.resetInstance({ params: { id: c.id } });
    assert.equal(res.status, 200, res.text);
    c.dead.push(...c.live);
    c.live = [];
    c.created = [];
  }
}

/** What client k must see at its own issuer, whatever the others did meanwhile. */
async function check(k: number): Promise<void> {
  const c = clients[k]!;
  assert.deepEqual(await usernames(c), [...SEED_USERS, ...c.created].sort(), `client ${k}'s users`);
  for (const t of c.live) assert.equal(await userinfoStatus(c, t), 200, `client ${k}'s live token`);
  for (const t of c.dead.slice(-2)) assert.equal(await userinfoStatus(c, t), 401, `client ${k}'s token from before its reset`);
  const others = clients.filter((_, j) => j !== k).flatMap((o) => o.live.slice(-1));
  for (const t of others.slice(0, 3)) assert.equal(await userinfoStatus(c, t), 401, `another client's token at client ${k}`);
}

describe("8 clients on 8 identically seeded instances", () => {
  it("never see each other's data, whatever the interleaving of their create / sign-in / token / reset steps", async () => {
    const plan = fc.array(fc.constantFrom<Op>("create", "signin", "token", "reset"), { minLength: 1, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.array(plan, { minLength: 8, maxLength: 8 }), async (s, plans) => {
        for (const c of clients) {
          await step(clients.indexOf(c), "reset");
          c.dead = [];
        }
        const runs = plans.map(async (ops, k) => {
          for (const op of ops) {
            await s.schedule(Promise.resolve(op), `client ${k}: ${op}`);
            await step(k, op);
            await check(k);
          }
        });
        await s.waitFor(Promise.all(runs));
      }),
      { numRuns: 4 },
    );
  });
});
